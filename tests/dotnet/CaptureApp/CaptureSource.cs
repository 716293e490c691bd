// SPDX-License-Identifier: MIT
// An EventSource with an event for every field type EventSource writes,
// strings and arrays of edge lengths, activities, and self-describing
// (TraceLogging) events with nested objects.
using System;
using System.Diagnostics.Tracing;

namespace Tracegate.Captures;

public enum Colour : byte { Red = 1, Green = 2 }

[EventData]
public sealed class Point
{
    public int X { get; set; }
    public double Y { get; set; }
    public string Label { get; set; } = "";
}

[EventSource(Name = "Tracegate-Capture")]
public sealed class CaptureSource : EventSource
{
    public static readonly CaptureSource Log = new();

    private CaptureSource() : base(EventSourceSettings.EtwManifestEventFormat) { }

    [Event(1, Level = EventLevel.Informational)]
    public void Integers(sbyte a, byte b, short c, ushort d, int e, uint f, long g, ulong h)
        => WriteEvent(1, a, b, c, d, e, f, g, h);

    [Event(2, Level = EventLevel.Informational)]
    public void Reals(float a, double b) => WriteEvent(2, a, b);

    [Event(3, Level = EventLevel.Informational)]
    public void Others(bool a, char b, Guid c, DateTime d, IntPtr e, Colour f)
        => WriteEvent(3, a, b, c, d, e, f);

    [Event(4, Level = EventLevel.Informational)]
    public void Text(string value, int length) => WriteEvent(4, value, length);

    [Event(5, Level = EventLevel.Informational)]
    public void Bytes(byte[] value) => WriteEvent(5, value);

    [Event(6, Level = EventLevel.Verbose, Keywords = Keywords.Threads)]
    public void Work(int thread, int index) => WriteEvent(6, thread, index);

    [Event(7, Level = EventLevel.Informational, Opcode = EventOpcode.Start)]
    public void RequestStart(string name) => WriteEvent(7, name);

    [Event(8, Level = EventLevel.Informational, Opcode = EventOpcode.Stop)]
    public void RequestStop(string name) => WriteEvent(8, name);

    [Event(9, Level = EventLevel.Warning, Version = 3, Message = "failed {0}")]
    public void Failed(string why) => WriteEvent(9, why);

    [Event(10, Level = EventLevel.Verbose, Keywords = Keywords.Volume)]
    public void Volume(long index, string padding) => WriteEvent(10, index, padding);

    [Event(11, Level = EventLevel.Informational)]
    public void Empty() => WriteEvent(11);

    public static class Keywords
    {
        public const EventKeywords Threads = (EventKeywords)1;
        public const EventKeywords Volume = (EventKeywords)2;
    }
}

/// <summary>Self-describing events: TraceLogging, as EventSource.Write
/// writes them (the runtime names their fields in V2 metadata).</summary>
public sealed class SelfDescribingSource : EventSource
{
    public static readonly SelfDescribingSource Log = new();

    private SelfDescribingSource()
        : base("Tracegate-Capture-SelfDescribing", EventSourceSettings.EtwSelfDescribingEventFormat) { }

    public void All()
    {
        Write("Scalars", new { A = (sbyte)-1, B = (byte)255, C = short.MinValue, D = ushort.MaxValue,
                               E = int.MinValue, F = uint.MaxValue, G = long.MinValue, H = ulong.MaxValue,
                               I = 1.5f, J = -2.25, K = true, L = 'x', M = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
                               N = new DateTime(2026, 11, 29, 12, 0, 0, DateTimeKind.Utc), O = "text" });
        Write("Arrays", new { Ints = new[] { 1, 2, 3 }, Empty = Array.Empty<long>(), Bytes = new byte[] { 0, 1, 255 } });
        Write("Nested", new { Outer = new { Inner = new { Value = 42 }, Points = new[] { new Point { X = 1, Y = 2, Label = "p" } } } });
        Write("NoFields");
        Write("WithOptions", new EventSourceOptions { Level = EventLevel.Error, Opcode = EventOpcode.Info }, new { Code = 7 });
    }
}
