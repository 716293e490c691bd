// SPDX-License-Identifier: MIT
// The canonical event line of spec/events.md, written byte for byte as
// `tracegate events` writes it: the same keys in the same order, the same
// escaping, the same number and GUID forms, FNV-1a 64 for byte runs.
using System;
using System.IO;
using System.Text;

namespace Tracegate.Interop;

/// <summary>One event as TraceEvent delivered it, in the fields a line has.</summary>
internal struct EventFields
{
    public string Provider;
    public int Id;
    public string? Name;
    public int? Opcode;
    public int Version;
    public long Thread;
    public long? CaptureThread;
    public long? Processor;
    public long Timestamp;
    public Guid Activity;
    public Guid RelatedActivity;
    public int PayloadBytes;
    public ulong PayloadHash;
    public bool PayloadDecoded;
    public int StackBytes;
    public ulong StackHash;
}

internal static class CanonicalLine
{
    private const ulong FnvOffset = 14695981039346656037UL;
    private const ulong FnvPrime = 1099511628211UL;

    /// <summary>FNV-1a 64 of n bytes at p.</summary>
    public static unsafe ulong Fnv1a64(byte* p, int n)
    {
        ulong h = FnvOffset;
        for (int i = 0; i < n; i++)
        {
            h ^= p[i];
            h *= FnvPrime;
        }
        return h;
    }

    public static void Write(Stream output, in EventFields e)
    {
        var s = new StringBuilder(320);
        // TraceEvent says neither where an event's row is nor its
        // sequence number: those two are null here
        s.Append("{\"offset\":null,\"provider\":");
        Str(s, e.Provider);
        s.Append(",\"id\":").Append(e.Id);
        s.Append(",\"name\":");
        if (string.IsNullOrEmpty(e.Name)) s.Append("null"); else Str(s, e.Name);
        s.Append(",\"opcode\":");
        if (e.Opcode is int op) s.Append(op); else s.Append("null");
        s.Append(",\"version\":").Append(e.Version);
        s.Append(",\"thread\":").Append(e.Thread);
        s.Append(",\"capture_thread\":");
        if (e.CaptureThread is long ct) s.Append(ct); else s.Append("null");
        s.Append(",\"sequence\":null");
        s.Append(",\"processor\":");
        if (e.Processor is long p) s.Append(p); else s.Append("null");
        s.Append(",\"timestamp\":").Append(e.Timestamp);
        s.Append(",\"activity\":\"").Append(e.Activity.ToString("D")).Append('"');
        s.Append(",\"related_activity\":\"").Append(e.RelatedActivity.ToString("D")).Append('"');
        s.Append(",\"payload_bytes\":").Append(e.PayloadBytes);
        s.Append(",\"payload_fnv1a64\":\"").Append(e.PayloadHash.ToString("x16")).Append('"');
        s.Append(",\"payload_fits\":").Append(e.PayloadDecoded ? "true" : "false");
        s.Append(",\"stack_bytes\":").Append(e.StackBytes);
        s.Append(",\"stack_fnv1a64\":");
        if (e.StackBytes == 0) s.Append("null");
        else s.Append('"').Append(e.StackHash.ToString("x16")).Append('"');
        s.Append("}\n");
        Emit(output, s);
    }

    /// <summary>The last line of a file's output: tracegate's keys, and
    /// the first payload field TraceEvent could not decode, if any.</summary>
    public static void Outcome(Stream output, string outcome, long events,
                               long eventsLost, string? firstUndecoded,
                               string? type, string? message)
    {
        var s = new StringBuilder(160);
        s.Append("{\"outcome\":");
        Str(s, outcome);
        s.Append(",\"events\":").Append(events);
        s.Append(",\"events_lost\":").Append(eventsLost);
        if (firstUndecoded != null)
        {
            s.Append(",\"first_undecoded\":");
            Str(s, firstUndecoded);
        }
        if (type != null)
        {
            s.Append(",\"type\":");
            Str(s, type);
            s.Append(",\"message\":");
            Str(s, message ?? "");
        }
        s.Append("}\n");
        Emit(output, s);
    }

    private static void Emit(Stream output, StringBuilder s)
    {
        // lone surrogates become U+FFFD, as the UTF-8 encoder's default
        // replacement has it: the C side writes the same three bytes
        byte[] bytes = Encoding.UTF8.GetBytes(s.ToString());
        output.Write(bytes, 0, bytes.Length);
    }

    /// <summary>A JSON string: quote and backslash escaped, every control
    /// character (below U+0020, and U+007F) as \u00xx, the rest as is.</summary>
    private static void Str(StringBuilder s, string v)
    {
        s.Append('"');
        foreach (char c in v)
        {
            if (c == '"') s.Append("\\\"");
            else if (c == '\\') s.Append("\\\\");
            else if (c < 0x20 || c == 0x7F) s.Append("\\u00").Append(((int)c).ToString("x2"));
            else s.Append(c);
        }
        s.Append('"');
    }
}
