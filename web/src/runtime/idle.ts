// Run deferrable work when the browser is idle (after input and rendering).
export function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => fn(), { timeout: 1000 });
  else setTimeout(fn, 16);
}

export function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}
