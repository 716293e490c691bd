"""nt6 - a 309-byte v6 file built by hand from NetTraceFormat.md,
written byte by byte from its description, for the NetTrace tests."""
import struct


def s(text):
    b = text.encode()
    return bytes([len(b)]) + b


def block(kind, content):
    return struct.pack("<I", len(content) | kind << 24) + content


def example(**change):
    """The example; a keyword replaces one part's bytes (see `parts`), or
    `blocks` replaces the block list given the default parts."""
    parts = default_parts()
    parts.update({k: v for k, v in change.items() if k != "blocks"})
    order = change.get("blocks") or [
        (1, "trace"), (3, "metadata"), (6, "thread"), (5, "stack"),
        (8, "labels"), (2, "events"), (4, "sp"), (7, "remove"), (0, "end")]
    return parts["header"] + b"".join(block(kind, parts[name])
                                      for kind, name in order)


def default_parts():
    date = struct.pack("<8h", 2025, 2, 1, 3, 4, 5, 6, 0)
    trace = (date + struct.pack("<qqii", 0, 1000, 8, 2) + s("ProcessId") +
             s("1234") + s("HardwareThreadCount") + s("8"))
    row = (b"\x01" + s("MyProvider") + b"\x07" + s("MyEvent") +
           struct.pack("<H", 2) +
           struct.pack("<H", 7) + s("Value") + b"\x15" +
           struct.pack("<H", 6) + s("Flag") + b"\x1a" +
           struct.pack("<H", 6) + b"\x01\x01\x08\x04\x09\x01")
    metadata = struct.pack("<H", 0) + struct.pack("<H", len(row)) + row
    thread_row = b"\x01" + b"\x02\xd2\x09" + b"\x03\xae\x2c" + b"\x01" + s("Main")
    thread = struct.pack("<H", len(thread_row)) + thread_row
    stack = struct.pack("<IIIQQ", 1, 1, 16, 0x401000, 0x402000)
    labels = struct.pack("<II", 1, 1) + b"\x81" + bytes(range(16))
    events = (struct.pack("<hhqq", 20, 1, 100, 105) +
              bytes([0xdf, 1, 0, 1, 0, 1, 1, 100, 1, 2, 0x2a, 1]) +
              bytes([0, 5, 0x2a, 1]))
    sp = struct.pack("<QII", 200, 0, 1) + b"\x01\x02"
    return {"header": b"Nettrace" + struct.pack("<III", 0, 6, 0),
            "trace": trace, "metadata": metadata, "thread": thread,
            "stack": stack, "labels": labels, "events": events, "sp": sp,
            "remove": b"\x01\x02", "end": b"", "row": row}


def metadata_with(row):
    """A metadata block content holding one row."""
    return struct.pack("<H", 0) + struct.pack("<H", len(row)) + row


def draft_parts():
    """The parts of a small file in the seed's draft layout (the seed's
    nettrace.md section 6): kinds 4 Stack and 5 SequencePoint, a Count-
    prefixed Thread block, Count-prefixed metadata rows with (Type, name)
    fields and a varuint-counted OptionalMetadata, v5-style rows and SP."""
    row = (b"\x01" + s("MyProvider") + b"\x07" + s("MyEvent") +
           b"\x02" + b"\x15" + s("Value") + b"\x17" + s("Label") +
           b"\x01" + b"\x01\x01")
    metadata = struct.pack("<H", 1) + row
    thread = struct.pack("<H", 1) + b"\x01" + b"\xae\x2c" + b"\xd2\x09"
    stack = struct.pack("<IIIQQ", 1, 1, 16, 0x401000, 0x402000)
    payload = b"\x2a" + struct.pack("<H", 2) + b"ab"
    events = (struct.pack("<hhqq", 20, 1, 100, 105) +
              bytes([0xcf, 1, 0, 1, 0, 1, 1, 100, len(payload)]) + payload +
              bytes([0, 5]) + payload)
    sp = struct.pack("<qi", 200, 1) + struct.pack("<qi", 1, 2)
    return {"header": b"Nettrace" + struct.pack("<III", 0, 6, 0),
            "trace": default_parts()["trace"], "metadata": metadata,
            "thread": thread, "stack": stack, "events": events, "sp": sp,
            "end": b"", "row": row}


def draft_example(**change):
    """A draft file; keywords replace parts as in example()."""
    parts = draft_parts()
    parts.update({k: v for k, v in change.items() if k != "blocks"})
    order = change.get("blocks") or [
        (1, "trace"), (3, "metadata"), (6, "thread"), (4, "stack"),
        (2, "events"), (5, "sp"), (0, "end")]
    return parts["header"] + b"".join(block(kind, parts[name])
                                      for kind, name in order)


def offsets(header=20, blocks=None, parts=None, draft=False):
    """Where each named block's content starts in example() (or
    draft_example()) built with these parts and order."""
    parts = parts or (draft_parts() if draft else default_parts())
    order = blocks or ([(1, "trace"), (3, "metadata"), (6, "thread"),
                        (4, "stack"), (2, "events"), (5, "sp"), (0, "end")]
                       if draft else
                       [(1, "trace"), (3, "metadata"), (6, "thread"),
                        (5, "stack"), (8, "labels"), (2, "events"),
                        (4, "sp"), (7, "remove"), (0, "end")])
    at, out = header, {}
    for kind, name in order:
        out.setdefault(name, at + 4)
        at += 4 + len(parts[name])
    return out
