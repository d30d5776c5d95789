// Share links carry imported models compactly: the core's shared_config_text
// (only the config keys the import read), deflate-raw compressed and written
// in base64url, several models separated by ",". This is transport only: what
// comes out is sent to the core as config_text, which validates it.

/** The core accepts at most 1 MiB of config text (kMaxConfigText in src/api/hf_import.cpp). */
const MAX_SHARED_BYTES = 1 << 20;

type Bytes = Uint8Array<ArrayBuffer>;

async function pipe(bytes: Bytes, stream: CompressionStream | DecompressionStream): Promise<Bytes> {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes: Bytes): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on characters outside base64url or a length base64 cannot have. */
function fromBase64Url(text: string): Bytes {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('含有 base64url 以外的字元');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export async function encodeShared(configText: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(configText), new CompressionStream('deflate-raw')));
}

/** The config text of one share token; rejects when it is not what encodeShared writes. */
export async function decodeShared(token: string): Promise<string> {
  const reader = new Blob([fromBase64Url(token)]).stream().pipeThrough<Bytes>(new DecompressionStream('deflate-raw')).getReader();
  // A tampered link could inflate to gigabytes: stop past what any config needs.
  const chunks: Bytes[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_SHARED_BYTES) {
      await reader.cancel();
      throw new Error('解壓後超過 1 MiB，不是 config.json 的大小');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
}

/** The `m=` value: one token per model. */
export function splitTokens(value: string): string[] {
  return value.split(',').filter((t) => t !== '');
}
