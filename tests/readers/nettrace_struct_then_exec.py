"""A v4/v5 NetTrace reader with two defects, the first hiding the second,
modelled on a real reader: it dies of a NameError on any metadata field
of the struct type code (Object, 1: in every generated v4/v5 file), and,
behind that, it builds code from the field names and runs it, so a name
that closes its quote runs as Python (gen --hostile writes such names).
Every valid v4/v5 file crashes first; the oracle must take out the
metadata that holds the struct fields, keep the rest valid, and find the
code run behind the crash.  Other layouts it leaves to the correct
reader."""
import struct
import sys

from delegate import correct_verdict

path = sys.argv[1]
data = open(path, "rb").read()


class Reader:
    def __init__(self, b, at=0):
        self.b, self.at = b, at

    def u8(self):
        if self.at >= len(self.b):
            raise ValueError("past the end")
        self.at += 1
        return self.b[self.at - 1]

    def u32(self):
        self.at += 4
        return struct.unpack_from("<I", self.b, self.at - 4)[0]

    def var(self):
        v = shift = 0
        while True:
            c = self.u8()
            v |= (c & 0x7F) << shift
            shift += 7
            if not c & 0x80:
                return v

    def utf16z(self):
        end = self.at
        while self.b[end:end + 2] != b"\0\0":
            if end >= len(self.b):
                raise ValueError("a string without its NUL")
            end += 2
        s = self.b[self.at:end].decode("utf-16-le", "replace")
        self.at = end + 2
        return s


def v1_fields(r, names, types):
    for _ in range(r.u32()):
        code = r.u32()
        types.append(code)
        if code == 1:
            v1_fields(r, [], types)
        names.append(r.utf16z())


def v2_fields(r, names, types):
    for _ in range(r.u32()):
        r.u32()  # the field's size
        names.append(r.utf16z())
        code = r.u32()
        types.append(code)
        element = r.u32() if code == 19 else code
        types.append(element)
        if element == 1:
            v2_fields(r, [], types)


def metadata(payload):
    """the top-level field names of a metadata payload, and every type
    code in its field lists"""
    r = Reader(payload)
    r.u32()
    r.utf16z()
    r.u32()
    r.utf16z()
    r.at += 8 + 4 + 4
    names, types = [], []
    v1_fields(r, names, types)
    while r.at + 5 <= len(payload):  # tags: OpCode, V2Params
        size, kind = r.u32(), r.u8()
        if kind == 2:
            v2_fields(Reader(payload[r.at:r.at + size]), names, types)
        r.at += size
    return names, types


def rows(block):
    """the payloads of a MetadataBlock's rows (compressed headers)"""
    r = Reader(block, struct.unpack_from("<H", block, 0)[0])
    size = 0
    while r.at < len(block):
        flags = r.u8()
        if flags & 1:
            r.var()
        if flags & 2:
            r.var(), r.var(), r.var()
        if flags & 4:
            r.var()
        if flags & 8:
            r.var()
        r.var()
        r.at += 16 * bool(flags & 16) + 16 * bool(flags & 32)
        if flags & 128:
            size = r.var()
        yield block[r.at:r.at + size]
        r.at += size


def metadata_rows(data):
    """each metadata row's (names, type codes), as far as they parse: a
    file this reader cannot take apart is the correct reader's to judge,
    so that the two planted bugs are its only defects"""
    found = []
    at = data.find(b"MetadataBlock")
    try:
        while at >= 0:
            size_at = at + len("MetadataBlock") + 1  # after its end tag
            (size,) = struct.unpack_from("<i", data, size_at)
            body = size_at + 4 + (-(size_at + 4) % 4)  # padded to 4
            for payload in rows(data[body:body + size]):
                found.append(metadata(payload))
            at = data.find(b"MetadataBlock", at + 1)
    except (ValueError, IndexError, struct.error):
        pass
    return found


if data[:8] == b"Nettrace" and data[8:12] == b"\x14\0\0\0":
    labels = []
    for names, types in metadata_rows(data):
        if 1 in types:  # bug one
            raise NameError("name 'Object' is not defined")
        for name in names:  # bug two: a name that closes its quote
            try:
                exec("labels.append('%s')" % name, {"labels": labels})
            except Exception:
                pass
correct_verdict("nettrace", path)
