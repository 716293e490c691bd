/* worker.js - runs the checker (tracegate.js, WebAssembly) on one file at
 * a time.  The file is read in slices with FileReaderSync, as the checker
 * asks for bytes: a large trace is never held whole. */
"use strict";
importScripts("tracegate.js");

const SLICE = 1 << 20; /* bytes read at once */
const ready = createTracegate();

ready.then((M) => {
  M.tgwEmit = (kind, json) => postMessage({ kind, data: JSON.parse(json) });
  M.tgwRead = () => 0;
  M.ccall("tgw_formats", null, [], []);
  postMessage({ kind: "version", data: M.ccall("tgw_version", "string", [], []) });
});

onmessage = async (event) => {
  const { file, format, profile } = event.data;
  const M = await ready;
  const reader = new FileReaderSync();
  let at = 0;
  let said = 0;
  let slices = 0;
  let largest = 0;
  M.tgwRead = (buf, cap) => {
    if (at >= file.size) return 0;
    const n = Math.min(cap, SLICE, file.size - at);
    const bytes = new Uint8Array(reader.readAsArrayBuffer(file.slice(at, at + n)));
    M.HEAPU8.set(bytes, buf);
    at += n;
    slices++;
    largest = Math.max(largest, n);
    if (at - said >= 16 * SLICE) {
      said = at;
      postMessage({ kind: "progress", data: { read: at, size: file.size } });
    }
    return n;
  };
  const code = M.ccall("tgw_check", "number", ["string", "string"],
                       [format, profile]);
  postMessage({ kind: "done", data: { code, slices, largest,
                                      heap: M.HEAPU8.length } });
};
