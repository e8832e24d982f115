"""Pagefind's script with its inflate set up when first used, not when the script is evaluated.

``pagefind.js`` bundles fflate's gunzip, to unpack the files Pagefind stores gzip-compressed
(its WebAssembly, index chunks, fragments, meta and filter files).  fflate builds its decoding
tables as its module code runs (a 32,768-entry bit-reversal table, two 32,768-entry length and
distance tables, the fixed Huffman trees): 3–4 ms of a 10 ms evaluation of the script on this
machine's CPU, four times that on a phone's, and again for every language's copy of the script
(``/search/`` evaluates one per language it shows: browser-io.js).  The pages rarely need it:
``search/page/unpack.js`` hands Pagefind its files already unpacked where the browser has
``DecompressionStream``, and Pagefind then skips its inflate.

So fflate's part of the script (esbuild bundles it as a section of its own, from ``var
u8=Uint8Array;`` to ``var gz_default=gunzipSync;``, whose names nothing outside it reads: the
bundler renames any other module's names that would clash) is wrapped in a function that runs
the first time ``gz_default`` is called, and is kept from then on: the same code, the same
tables, made only by a browser that needs them.  A script without exactly one such section (a
Pagefind that bundles another way) is named and left as it is, as is one wrapped already.
"""

from __future__ import annotations

from pathlib import Path

SCRIPT = "pagefind.js"
START = "var u8=Uint8Array;"  # fflate's first statement
END = "var gz_default=gunzipSync;"  # where Pagefind's code takes fflate's gunzip
# the section, run once on the first call and its gunzipSync kept
OPEN = "var gz_default=(()=>{let gunzip;return(data,out)=>(gunzip||=(()=>{"
CLOSE = "return gunzipSync;})())(data,out);})();"


def deferred(script: str) -> tuple[str, str]:
    """``script`` with fflate's set-up deferred to its first use, and what stopped it ("" when
    nothing did: then the script returned is the new one)."""
    if OPEN in script:
        return script, "its inflate already set up when first used"
    if script.count(START) != 1 or script.count(END) != 1:
        return script, "no one section of fflate's inflate (another Pagefind?), left as it is"
    start, end = script.index(START), script.index(END)
    if end < start:
        return script, "fflate's inflate not where it is looked for, left as it is"
    return script[:start] + OPEN + script[start:end] + CLOSE + script[end + len(END) :], ""


def defer_inflate(pagefind_dir: Path) -> str:
    """Rewrite ``pagefind_dir``'s script with its inflate set up when first used; a summary line
    (naming the file, and why, when it is left as it was)."""
    path = pagefind_dir / SCRIPT
    if not path.is_file():
        return f"{SCRIPT}: missing"
    script = path.read_text(encoding="utf-8")
    new, problem = deferred(script)
    if problem:
        return f"{path}: {problem}"
    path.write_text(new, encoding="utf-8")
    return f"{SCRIPT}: its inflate set up when first used"
