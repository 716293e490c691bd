// traceevent-fuzz: TraceEvent as a reader for `tracegate oracle --engine
// afl` (spec/oracle.md O15), the worked example of a .NET harness.
//
//   traceevent-fuzz FILE   read FILE once, by the oracle's reader
//                          contract: exit 0 read, 1 rejected
//   traceevent-fuzz        under afl-fuzz: SharpFuzz's loop, each input
//                          on standard input
//
// A harness must tell a deliberate rejection from a crash.  TraceEvent
// turns a file down with its own FormatException (and
// UnsupportedFormatVersionException, a FormatException too in some
// versions): those are caught, and are exit 1 or, under afl-fuzz, a run
// that ended well.  Everything else leaves Read(): an unhandled exception
// the runtime reports on stderr (exit 134, "Unhandled exception."), which
// the oracle classes as a crash, and which SharpFuzz reports to AFL++ as
// one.
using System;
using System.IO;
using Microsoft.Diagnostics.Tracing;
using SharpFuzz;

static class Harness
{
    static unsafe int Main(string[] args)
    {
        if (args.Length == 1)
        {
            // the instrumented TraceEvent counts edges into SharpFuzz's
            // map even when no afl-fuzz is there: give it one
            fixed (byte* map = new byte[1 << 16])
            {
                SharpFuzz.Common.Trace.SharedMem = map;
                using var file = File.OpenRead(args[0]);
                return Read(file) ? 0 : 1;
            }
        }
        Fuzzer.OutOfProcess.Run(stream => Read(stream));
        return 0;
    }

    // Every event of the NetTrace stream, as a TraceEvent user reads
    // them.  @return true if read, false if TraceEvent turned it down.
    static bool Read(Stream stream)
    {
        try
        {
            using var source = new EventPipeEventSource(stream);
            source.Dynamic.All += e =>
            {
                for (int i = 0; i < e.PayloadNames.Length; i++)
                    _ = e.PayloadValue(i);
            };
            source.Process();
            return true;
        }
        catch (Exception e) when (e is FormatException ||
                                  e is UnsupportedFormatVersionException)
        {
            Console.Error.WriteLine("rejected: " + e.GetType().Name + ": " +
                                    e.Message);
            return false;
        }
    }
}
