// Share links carry imported models compactly: the core's shared_config_text
// (only the config keys the import read), deflate-raw compressed and written
// in base64url, several models separated by ",". This is transport only: what
// comes out is sent to the core as config_text, which validates it.

import { importText as t } from './text';

/** A share token that is not what encodeShared writes; the message is the reader's, in the page's words. */
export class ShareTokenError extends Error {
  override name = 'ShareTokenError';
}

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
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareTokenError(t.share_reasons.alphabet);
  // One character past a multiple of four encodes no whole byte (atob would say so in English).
  if (text.length % 4 === 1) throw new ShareTokenError(t.share_reasons.base64);
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export async function encodeShared(configText: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(configText), new CompressionStream('deflate-raw')));
}

/** Decompressed bytes of a token; the browser's own (English) errors become the reader's reason. */
async function inflate(bytes: Bytes): Promise<Bytes[]> {
  const reader = new Blob([bytes]).stream().pipeThrough<Bytes>(new DecompressionStream('deflate-raw')).getReader();
  // A tampered link could inflate to gigabytes: stop past what any config needs.
  const chunks: Bytes[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Bytes>;
    try {
      step = await reader.read();
    } catch {
      throw new ShareTokenError(t.share_reasons.inflate);
    }
    if (step.done) return chunks;
    size += step.value.byteLength;
    if (size > MAX_SHARED_BYTES) {
      await reader.cancel();
      throw new ShareTokenError(t.share_reasons.too_large);
    }
    chunks.push(step.value);
  }
}

/** The config text of one share token; rejects with a ShareTokenError when it is not what encodeShared writes. */
export async function decodeShared(token: string): Promise<string> {
  const chunks = await inflate(fromBase64Url(token));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
  } catch {
    throw new ShareTokenError(t.share_reasons.utf8);
  }
}

/** The `m=` value: one token per model. */
export function splitTokens(value: string): string[] {
  return value.split(',').filter((t) => t !== '');
}
