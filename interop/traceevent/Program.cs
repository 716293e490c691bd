// SPDX-License-Identifier: MIT
// traceevent-reader: TraceEvent as tracegate's reference reader.
//
//   traceevent-reader FILE
//       every event TraceEvent delivers from FILE as one canonical JSON line
//       on stdout (spec/events.md), then the outcome line.  Exit 0: read;
//       1: rejected (TraceEvent's own FormatException or
//       UnsupportedFormatVersionException, named on stderr); 3: failed (any
//       other exception, reported on stderr as the runtime reports an
//       unhandled one, so that `tracegate oracle` classes it as a crash).
//   traceevent-reader --out DIR [FILE... | -]
//       many files from one process (`-`: their paths on stdin, one a
//       line): FILE's lines go to DIR/<file name>.jsonl, and one summary
//       line per file to stdout.  Exit 0 when every file was read.
//   traceevent-reader --serve [--out DIR]
//       the reader protocol of `tracegate oracle --serve` (spec/oracle.md,
//       O12): a path a line on stdin; for each, what the single-file mode
//       says on stderr, then its exit code a line on stdout.  The lines go
//       to DIR/<file name>.jsonl (nowhere without --out).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Tracegate.Interop;

internal static class Program
{
    private const int ExitRead = 0, ExitRejected = 1, ExitUsage = 2, ExitFailed = 3;

    private static int Main(string[] args)
    {
        if (args.Length == 1 && args[0] != "--out" && !args[0].StartsWith("-", StringComparison.Ordinal))
            return One(args[0]);
        if (args.Length >= 2 && args[0] == "--out")
            return Many(args[1], args.Skip(2));
        if (args.Length == 1 && args[0] == "--serve")
            return Serve(null);
        if (args.Length == 3 && args[0] == "--serve" && args[1] == "--out")
            return Serve(args[2]);
        Console.Error.WriteLine("usage: traceevent-reader FILE | --out DIR [FILE... | -] | --serve [--out DIR]");
        return ExitUsage;
    }

    private static int One(string path)
    {
        using var stdout = new BufferedStream(Console.OpenStandardOutput(), 1 << 16);
        var r = TraceReader.Read(path, stdout);
        WriteOutcome(stdout, r);
        stdout.Flush();
        return Said(r);
    }

    /// <summary>What a run says on stderr, and its exit code.</summary>
    private static int Said(ReadResult r)
    {
        switch (r.Outcome)
        {
            case Outcome.Read:
                return ExitRead;
            case Outcome.Rejected:
                Console.Error.WriteLine($"rejected: {r.Error!.GetType().Name}: {r.Error.Message}");
                return ExitRejected;
            default:
                // the runtime's own words for an exception nobody caught
                Console.Error.WriteLine($"Unhandled exception. {r.Error}");
                return ExitFailed;
        }
    }

    private static int Serve(string? dir)
    {
        if (dir != null)
            Directory.CreateDirectory(dir);
        var stdout = Console.Out;
        for (string? path; (path = Console.In.ReadLine()) != null;)
        {
            ReadResult r;
            using (var output = dir == null
                       ? Stream.Null
                       : new BufferedStream(File.Create(Path.Combine(dir, Path.GetFileName(path) + ".jsonl")), 1 << 16))
            {
                r = TraceReader.Read(path, output);
                WriteOutcome(output, r);
            }
            int code = Said(r);
            Console.Error.Flush();
            stdout.WriteLine(code);
            stdout.Flush();
        }
        return ExitRead;
    }

    private static int Many(string dir, IEnumerable<string> files)
    {
        Directory.CreateDirectory(dir);
        var list = files.ToList();
        if (list.Count == 1 && list[0] == "-")
        {
            list.Clear();
            for (string? line; (line = Console.In.ReadLine()) != null;)
                if (line.Length > 0)
                    list.Add(line);
        }
        int notRead = 0;
        foreach (var path in list)
        {
            ReadResult r;
            using (var output = new BufferedStream(
                       File.Create(Path.Combine(dir, Path.GetFileName(path) + ".jsonl")), 1 << 16))
            {
                r = TraceReader.Read(path, output);
                WriteOutcome(output, r);
            }
            if (r.Outcome != Outcome.Read)
                notRead++;
            Console.Out.WriteLine($"{r.Outcome.ToString().ToLowerInvariant()} {r.Events} {path}");
        }
        return notRead == 0 ? ExitRead : ExitRejected;
    }

    private static void WriteOutcome(Stream output, ReadResult r)
    {
        string outcome = r.Outcome.ToString().ToLowerInvariant();
        if (r.Error == null)
        {
            CanonicalLine.Outcome(output, outcome, r.Events, r.EventsLost, r.FirstUndecoded, null, null);
            return;
        }
        string message = r.Error.Message;
        if (r.Outcome == Outcome.Failed)
        {
            // with the top frames, where TraceEvent failed
            var frames = (r.Error.StackTrace ?? "").Split('\n').Take(3).Select(l => l.Trim());
            message = message + " | " + string.Join(" | ", frames);
        }
        CanonicalLine.Outcome(output, outcome, r.Events, r.EventsLost, r.FirstUndecoded,
                              r.Error.GetType().FullName, message);
    }
}
