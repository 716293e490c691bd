// SPDX-License-Identifier: MIT
// One NetTrace file read by TraceEvent's EventPipeEventSource, every event
// it delivers turned into EventFields, and the outcome: read, rejected
// (TraceEvent's own format exceptions) or failed (any other exception).
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.EventPipe;

namespace Tracegate.Interop;

internal enum Outcome { Read, Rejected, Failed }

internal sealed class ReadResult
{
    public Outcome Outcome;
    public long Events;
    public long EventsLost;
    public string? FirstUndecoded; // "provider/event: field: what TraceEvent gave"
    public Exception? Error;
}

internal static class TraceReader
{
    // TraceEvent keeps the stack of an EventPipe event only in its
    // EVENT_RECORD's extended data (no public property has it), so the
    // record is read through the internal field that points at it.  The
    // layouts are Windows' EVENT_RECORD and EVENT_HEADER_EXTENDED_DATA_ITEM,
    // which TraceEvent mirrors.
    private static readonly FieldInfo RecordField =
        typeof(TraceEvent).GetField("eventRecord", BindingFlags.NonPublic | BindingFlags.Instance)
        ?? throw new MissingFieldException("TraceEvent.eventRecord");

    [StructLayout(LayoutKind.Sequential)]
    private struct ExtendedItem
    {
        public ushort Reserved1, ExtType, Reserved2, DataSize;
        public ulong DataPtr;
    }

    private const int ExtendedCountAt = 84; // after EVENT_HEADER (80) and
                                            // ETW_BUFFER_CONTEXT (4)
    private const int ExtendedDataAt = 88;
    private const ushort StackTrace32 = 5, StackTrace64 = 6;
    private const int StackMatchId = 8; // a stack item starts with a u64

    /// <summary>Whether an exception is TraceEvent turning a file down,
    /// not failing on it.</summary>
    public static bool IsRejection(Exception e) =>
        e is FormatException || e is UnsupportedFormatVersionException;

    public static ReadResult Read(string path, Stream output)
    {
        var result = new ReadResult();
        try
        {
            using var source = new EventPipeEventSource(path);
            var metadata = new MetadataOf(source);
            // every event, by the template its own metadata row makes
            var parser = new EventPipeTraceEventParser(source);
            parser.All += e =>
            {
                var f = Fields(e, metadata);
                f.PayloadDecoded = DecodePayload(e, ref result.FirstUndecoded);
                CanonicalLine.Write(output, f);
                result.Events++;
            };
            try
            {
                source.Process();
            }
            finally
            {
                result.EventsLost = source.EventsLost;
            }
            result.Outcome = Outcome.Read;
        }
        catch (Exception e)
        {
            result.Outcome = IsRejection(e) ? Outcome.Rejected : Outcome.Failed;
            result.Error = e;
        }
        return result;
    }

    /// <summary>Every payload field decoded, as a viewer (PerfView,
    /// dotnet-trace convert) decodes them to show the event.  TraceEvent
    /// does not throw for a field it cannot decode: it gives null (the
    /// payload ended where the field starts) or the text of the exception
    /// it caught.  @return whether it decoded every field.</summary>
    private static bool DecodePayload(TraceEvent e, ref string? first)
    {
        int undecoded = 0;
        var names = e.PayloadNames;
        for (int i = 0; i < names.Length; i++)
        {
            object? v = e.PayloadValue(i);
            if (v == null || (v is string s && s.StartsWith("<<<EXCEPTION_DURING_VALUE_LOOKUP", StringComparison.Ordinal)))
            {
                undecoded++;
                first ??= $"{e.ProviderName}/{e.EventName}: {names[i]}: {v ?? "null"}";
            }
            else
            {
                _ = e.PayloadString(i);
            }
        }
        return undecoded == 0;
    }

    private static unsafe EventFields Fields(TraceEvent e, MetadataOf metadata)
    {
        byte* record = (byte*)Pointer.Unbox(RecordField.GetValue(e)!);
        var f = new EventFields
        {
            Provider = e.ProviderName,
            Id = (int)e.ID,
            Name = metadata.NameOf((IntPtr)record),
            Opcode = (int)e.Opcode,
            Version = e.Version,
            Thread = e.ThreadID,
            CaptureThread = null, // TraceEvent does not say
            Processor = e.ProcessorNumber,
#pragma warning disable CS0618 // the raw QPC value is what a line compares
            Timestamp = e.TimeStampQPC,
#pragma warning restore CS0618
            Activity = e.ActivityID,
            RelatedActivity = e.RelatedActivityID,
            PayloadBytes = e.EventDataLength,
            PayloadHash = CanonicalLine.Fnv1a64((byte*)e.DataStart, e.EventDataLength),
        };
        ushort count = *(ushort*)(record + ExtendedCountAt);
        var items = *(ExtendedItem**)(record + ExtendedDataAt);
        for (int i = 0; i < count; i++)
        {
            if (items[i].ExtType != StackTrace32 && items[i].ExtType != StackTrace64)
                continue;
            // a DataSize that wrapped (TraceEvent's u16) holds no stack
            int n = Math.Max(0, items[i].DataSize - StackMatchId);
            byte* at = (byte*)items[i].DataPtr + StackMatchId;
            f.StackBytes = n;
            f.StackHash = CanonicalLine.Fnv1a64(at, n);
        }
        return f;
    }
}

/// <summary>The event name TraceEvent read from the metadata row an event
/// refers to.  TraceEvent shows an EventPipe event under a name it makes up
/// (task, then opcode), and finds the template by provider and event id
/// alone; the name its metadata row gave is in the EventPipeMetadata whose
/// EVENT_RECORD the event was dispatched with, kept by metadata id.</summary>
internal sealed class MetadataOf
{
    private static readonly FieldInfo Dictionary =
        typeof(EventPipeEventSource).GetField("_eventMetadataDictionary", BindingFlags.NonPublic | BindingFlags.Instance)
        ?? throw new MissingFieldException("EventPipeEventSource._eventMetadataDictionary");

    private readonly System.Collections.IDictionary _byId;
    private readonly Dictionary<IntPtr, object> _byRecord = new();
    private FieldInfo? _recordField;
    private PropertyInfo? _idProperty, _nameProperty;

    public MetadataOf(EventPipeEventSource source)
    {
        _byId = (System.Collections.IDictionary)Dictionary.GetValue(source)!;
    }

    public unsafe string? NameOf(IntPtr record)
    {
        if (!_byRecord.TryGetValue(record, out var m) || !Current(m))
        {
            // a new row, or one flushed and another in its place: look again
            _byRecord.Clear();
            foreach (var v in _byId.Values)
            {
                _recordField ??= v!.GetType().GetField("_eventRecord", BindingFlags.NonPublic | BindingFlags.Instance);
                _byRecord[(IntPtr)Pointer.Unbox(_recordField!.GetValue(v)!)] = v!;
            }
            if (!_byRecord.TryGetValue(record, out m))
                throw new InvalidOperationException("an event whose metadata TraceEvent does not hold");
        }
        _nameProperty ??= m.GetType().GetProperty("EventName");
        return (string?)_nameProperty!.GetValue(m);
    }

    private bool Current(object m)
    {
        _idProperty ??= m.GetType().GetProperty("MetaDataId");
        object id = _idProperty!.GetValue(m)!;
        return _byId.Contains(id) && ReferenceEquals(_byId[id], m);
    }
}
