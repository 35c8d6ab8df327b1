/**
 * A file's bytes as base64, the form the file-carrying channels take (JSON over HTTP in browser
 * mode, the same payload over Electron IPC). Built in chunks: `String.fromCharCode` over a whole
 * file would overflow the stack.
 */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  return btoa(bin);
}

/** Base64 back to bytes (for a download in browser mode). */
export function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Read a picked or dropped file as base64. */
export async function fileToBase64(file: Blob): Promise<string> {
  return toBase64(new Uint8Array(await file.arrayBuffer()));
}

/** Offer bytes as a download named `name` (browser mode; Electron saves into the export folder instead). */
export function download(name: string, mime: string, b64: string): void {
  const url = URL.createObjectURL(new Blob([fromBase64(b64) as BlobPart], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
