"""nt45 - v4/v5 NetTrace files built byte by byte from NetTraceFormat_v5.md
section 4, for the NetTrace tests: FastSerialization objects with their
padding, compressed or uncompressed rows, metadata payloads. Independent
of tracegate's generator: a bug shared by both would pass neither.

A file is built as a list of objects; File.offset() tells where any
object (or a byte of its content) landed, so tests can name the exact
offset a finding must have."""
import struct

MAGIC = b"Nettrace" + struct.pack("<i", 20) + b"!FastSerialization.1"


def u16z(text):
    """UTF-16LE with its 2-byte NUL terminator."""
    return text.encode("utf-16-le") + b"\0\0"


def var(v):
    """Unsigned LEB128."""
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def trace_payload(date=(2021, 6, 3, 9, 9, 48, 25, 902), ptr=8):
    """The 48-byte Trace payload (4.3); the default date is a Wednesday."""
    return (struct.pack("<8h", *date) + struct.pack("<qqiiii", 0, 10000000,
                                                    ptr, 1234, 8, 1000000))


def metadata(mid, provider="P", event_id=1, name="E", fields=b"\0\0\0\0",
             tags=b""):
    """A metadata payload (4.8): id, names, keywords, version, level, then
    `fields` (the V1 list, FieldCount first; b"" leaves it out) and
    `tags`."""
    return (struct.pack("<i", mid) + u16z(provider) +
            struct.pack("<i", event_id) + u16z(name) +
            struct.pack("<qii", 0, 0, 4) + fields + tags)


def v1(*fields):
    """A V1 field list of (type code, name) pairs; a nested list is given
    as (1, name, [pairs])."""
    out = struct.pack("<i", len(fields))
    for f in fields:
        out += struct.pack("<i", f[0])
        if f[0] == 1:
            out += v1(*f[2])
        out += u16z(f[1])
    return out


def tag(kind, body):
    """A V5 tag: int32 length of body, the kind byte, body."""
    return struct.pack("<i", len(body)) + bytes([kind]) + body


def v2_field(name, code, element=None, nested=None):
    """One V2Params field: Size (counting itself), name, TypeCode, then
    ElementType for an Array and a nested list for an Object."""
    body = u16z(name) + struct.pack("<i", code)
    if element is not None:
        body += struct.pack("<i", element)
    if nested is not None:
        body += nested
    return struct.pack("<i", 4 + len(body)) + body


def v2(*fields):
    return struct.pack("<i", len(fields)) + b"".join(fields)


def row(flags, meta=None, seq=None, capture=None, proc=None, thread=None,
        stack=None, ts=0, size=None, payload=b""):
    """A compressed row (4.7): the caller gives the fields its flags
    name; the timestamp is the delta from the previous row."""
    out = bytes([flags])
    if flags & 0x01:
        out += var(meta)
    if flags & 0x02:
        out += var(seq) + var(capture) + var(proc)
    if flags & 0x04:
        out += var(thread)
    if flags & 0x08:
        out += var(stack)
    out += var(ts)
    if flags & 0x80:
        out += var(len(payload) if size is None else size)
    return out + payload


def uncompressed(meta, seq, thread, ts, payload, pad=None, sorted_=True,
                 event_size=None):
    """An uncompressed row (4.6); pad defaults to what aligns a row that
    starts 4-aligned."""
    if pad is None:
        pad = (4 - (80 + len(payload)) % 4) % 4
    body = (struct.pack("<IIqqIIq", meta | (0 if sorted_ else 0x80000000),
                        seq, thread, thread, 0, 0, ts) + b"\0" * 32 +
            struct.pack("<I", len(payload)) + payload + b"\0" * pad)
    size = len(body) if event_size is None else event_size
    return struct.pack("<I", size) + body


def block_content(rows, ts_min, ts_max, flags=1):
    """Event or metadata block content (4.5): header, then rows."""
    return struct.pack("<hhqq", 20, flags, ts_min, ts_max) + rows


def sp(ts, *threads):
    """SPBlock content (4.11): (thread id, sequence number) pairs."""
    return (struct.pack("<qi", ts, len(threads)) +
            b"".join(struct.pack("<qi", t, s) for t, s in threads))


def stacks(first, *sizes):
    """StackBlock content (4.10) of stacks of these byte sizes."""
    return struct.pack("<II", first, len(sizes)) + b"".join(
        struct.pack("<I", n) + b"\0" * n for n in sizes)


class File:
    """Objects in order; bytes() frames them as 4.2 and 4.4 say.  Every
    object but Trace has a BlockSize and padding."""

    def __init__(self, trace=None, version=4, min_version=4):
        self.objects = [["Trace", trace or trace_payload(), version,
                         min_version]]

    def add(self, name, content, version=2, min_version=2):
        self.objects.append([name, content, version, min_version])
        return len(self.objects) - 1

    def build(self, end=True):
        out = bytearray(MAGIC)
        self.at = []       # offset of each object
        self.size_at = []  # offset of each BlockSize (None for Trace)
        self.content = []  # offset of each object's content
        for name, content, version, min_version in self.objects:
            self.at.append(len(out))
            out += b"\x05\x05\x01" + struct.pack("<iii", version,
                                                 min_version, len(name))
            out += name.encode() + b"\x06"
            self.size_at.append(None)
            if name != "Trace":
                self.size_at[-1] = len(out)
                out += struct.pack("<i", len(content))
                out += b"\0" * ((4 - len(out) % 4) % 4)
            self.content.append(len(out))
            out += content + b"\x06"
        if end:
            out += b"\x01"
        return bytes(out)
