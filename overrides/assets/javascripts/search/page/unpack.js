/* bridge-laws search page: Pagefind's files unpacked by the browser's own gzip.
 *
 * Pagefind stores each of its files (the WebAssembly, index chunks, fragments, meta, filters)
 * gzip-compressed, behind a signature, and unpacks them with a JavaScript inflate on the main
 * thread: the 67 KB WebAssembly takes 7-17 ms on a desktop, four times that on a phone, and each
 * fragment read 1-4 ms, inside the tasks that show the results.  A file that already begins
 * with the signature it takes as unpacked: that is what it gets from a server that sends the
 * files with Content-Encoding: gzip.  Here the page does what that server would: Pagefind's
 * requests for its files (it asks with the page's `fetch`) are answered with the bytes unpacked
 * by DecompressionStream, the browser's native inflate (under a millisecond for the
 * WebAssembly).  A file that is no gzip (a server that unpacked it already, an error page) is
 * given as it came; where the browser has no DecompressionStream nothing changes. */

/** Whether `url` (absolute) is one of Pagefind's packed files under `base` (its folder's URL). */
function packedFile(url, base) {
  return url.startsWith(base) && /\.(pagefind|pf_fragment|pf_index|pf_meta|pf_filter)$/.test(new URL(url).pathname);
}

/** `response` with its body unpacked, when it is gzip (its first two bytes). */
async function unpacked(response) {
  if (!response.ok) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new Response(bytes, init);
  // the sizes and coding the server gave are the packed file's, not these bytes'
  const headers = new Headers(response.headers);
  ["content-length", "content-encoding"].forEach((name) => headers.delete(name));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")), { ...init, headers });
}

let installed = false;

/** From now on, the page's requests for Pagefind's files under `base` (the URL of its folder)
 * are answered unpacked.  Once per page; the other requests go as they were. */
export function unpackPagefindFiles(base) {
  if (installed || typeof DecompressionStream !== "function") return;
  installed = true;
  const pageFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href;
    return packedFile(url, base) ? pageFetch(input, init).then(unpacked) : pageFetch(input, init);
  };
}
