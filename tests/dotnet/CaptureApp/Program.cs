// SPDX-License-Identifier: MIT
// capture-app: workloads for the runtime's EventPipe to trace.
//
//   capture-app WORKLOAD...
//       run the workloads in turn; traced by the runtime itself when the
//       DOTNET_EnableEventPipe settings are in the environment
//   capture-app live OUT PROVIDERS WORKLOAD...
//       start this program on the workloads, open an EventPipe session in
//       it through its diagnostic port (DiagnosticsClient), and write the
//       session's stream to OUT.  PROVIDERS as DOTNET_EventPipeConfig has
//       them: Name:Keywords:Level,...
//   capture-app wait WORKLOAD...
//       the traced side of `live`: say "ready", wait for a line, run the
//       workloads, say "done", wait for the input to end
//
// Workloads: types, strings, threads:N:M, exceptions:N, gc:N, cpu:MS,
// activities:N, volume:MB, and crash (an exception nobody catches: the
// runtime never finishes the file).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Diagnostics.NETCore.Client;

namespace Tracegate.Captures;

internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Length >= 3 && args[0] == "live")
            return Live(args[1], args[2], args.Skip(3).ToArray());
        if (args.Length >= 1 && args[0] == "wait")
        {
            Console.Out.WriteLine("ready");
            Console.Out.Flush();
            Console.In.ReadLine();
            Run(args.Skip(1));
            Console.Out.WriteLine("done");
            Console.Out.Flush();
            Console.In.ReadToEnd();
            return 0;
        }
        if (args.Length == 0)
        {
            Console.Error.WriteLine("usage: capture-app WORKLOAD... | live OUT PROVIDERS WORKLOAD...");
            return 2;
        }
        Run(args);
        return 0;
    }

    private static void Run(IEnumerable<string> workloads)
    {
        foreach (var w in workloads)
        {
            var part = w.Split(':');
            int N(int i, int fallback) => part.Length > i ? int.Parse(part[i]) : fallback;
            switch (part[0])
            {
                case "types": Workloads.Types(); break;
                case "strings": Workloads.Strings(); break;
                case "threads": Workloads.Threads(N(1, 16), N(2, 200)); break;
                case "exceptions": Workloads.Exceptions(N(1, 100)); break;
                case "gc": Workloads.Gc(N(1, 20)); break;
                case "cpu": Workloads.Cpu(N(1, 1000)); break;
                case "activities": Workloads.Activities(N(1, 20)); break;
                case "volume": Workloads.Volume(N(1, 16)); break;
                case "crash": throw new InvalidOperationException("the process dies here, on purpose");
                default: throw new ArgumentException("no workload " + w);
            }
        }
    }

    private static int Live(string output, string providers, string[] workloads)
    {
        var self = Environment.ProcessPath!;
        var start = new ProcessStartInfo(self)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("wait");
        foreach (var w in workloads)
            start.ArgumentList.Add(w);
        using var child = Process.Start(start)!;
        if (child.StandardOutput.ReadLine() != "ready")
            throw new InvalidOperationException("the traced program did not start");
        var client = new DiagnosticsClient(child.Id);
        using var session = client.StartEventPipeSession(Providers(providers), requestRundown: true,
                                                         circularBufferMB: 64);
        using var file = File.Create(output);
        var copy = session.EventStream.CopyToAsync(file);
        child.StandardInput.WriteLine("go");
        child.StandardInput.Flush();
        if (child.StandardOutput.ReadLine() != "done")
            throw new InvalidOperationException("the traced program did not finish");
        session.Stop();
        copy.Wait(TimeSpan.FromSeconds(60));
        child.StandardInput.Close();
        child.WaitForExit();
        return copy.IsCompletedSuccessfully ? 0 : 1;
    }

    private static List<EventPipeProvider> Providers(string config)
    {
        var list = new List<EventPipeProvider>();
        foreach (var p in config.Split(',', StringSplitOptions.RemoveEmptyEntries))
        {
            var f = p.Split(':');
            long keywords = f.Length > 1 && f[1].Length > 0 ? Convert.ToInt64(f[1], 16) : -1;
            var level = f.Length > 2 ? (EventLevel)int.Parse(f[2]) : EventLevel.Verbose;
            list.Add(new EventPipeProvider(f[0], level, keywords));
        }
        return list;
    }
}

internal static class Workloads
{
    public static void Types()
    {
        var log = CaptureSource.Log;
        log.Integers(sbyte.MinValue, byte.MaxValue, short.MinValue, ushort.MaxValue, int.MinValue, uint.MaxValue,
                     long.MinValue, ulong.MaxValue);
        log.Integers(0, 0, 0, 0, 0, 0, 0, 0);
        log.Reals(float.NaN, double.NegativeInfinity);
        log.Reals(-0.0f, double.Epsilon);
        log.Others(true, '\uFFFF', Guid.Empty, DateTime.MinValue, IntPtr.MaxValue, Colour.Green);
        log.Others(false, 'é', Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
                   new DateTime(2026, 11, 29, 5, 8, 0, DateTimeKind.Utc), IntPtr.Zero, Colour.Red);
        log.Bytes(Array.Empty<byte>());
        log.Bytes(new byte[] { 0 });
        log.Bytes(Enumerable.Range(0, 4096).Select(i => (byte)i).ToArray());
        log.Empty();
        log.Failed("on purpose");
        SelfDescribingSource.Log.All();
    }

    public static void Strings()
    {
        foreach (int n in new[] { 0, 1, 2, 127, 128, 255, 256, 1000, 16383, 32767 })
            CaptureSource.Log.Text(new string('s', n), n);
        foreach (var s in new[] { "é", "日本語", "\U0001F600 emoji", "a\0b", "tab\tand\nline", "\"quoted\" \\ back",
                                  "\uD800 lone high", "lone low \uDC00", "\u2028\u2029" })
            CaptureSource.Log.Text(s, s.Length);
    }

    public static void Threads(int threads, int each)
    {
        var all = Enumerable.Range(0, threads).Select(t => new Thread(() =>
        {
            for (int i = 0; i < each; i++)
                CaptureSource.Log.Work(t, i);
        })).ToList();
        all.ForEach(t => t.Start());
        all.ForEach(t => t.Join());
    }

    public static void Exceptions(int n)
    {
        for (int i = 0; i < n; i++)
        {
            try
            {
                Nested(i, 3);
            }
            catch (InvalidOperationException)
            {
            }
        }
    }

    private static void Nested(int i, int depth)
    {
        if (depth == 0)
            throw new InvalidOperationException("capture " + i);
        Nested(i, depth - 1);
    }

    public static void Gc(int rounds)
    {
        var keep = new List<byte[]>();
        for (int r = 0; r < rounds; r++)
        {
            for (int i = 0; i < 2000; i++)
                keep.Add(new byte[i % 3 == 0 ? 100_000 : 100]);
            if (keep.Count > 10_000)
                keep.RemoveRange(0, 5000);
            GC.Collect(r % 3);
        }
        GC.KeepAlive(keep);
    }

    public static void Cpu(int milliseconds)
    {
        var until = Stopwatch.StartNew();
        var spin = Enumerable.Range(0, 2).Select(_ => Task.Run(() =>
        {
            double x = 0;
            while (until.ElapsedMilliseconds < milliseconds)
                x += Math.Sqrt(x + 1);
            return x;
        })).ToArray();
        Task.WaitAll(spin);
    }

    public static void Activities(int n)
    {
        var tasks = Enumerable.Range(0, n).Select(i => Task.Run(async () =>
        {
            CaptureSource.Log.RequestStart("outer " + i);
            CaptureSource.Log.RequestStart("inner " + i);
            await Task.Yield();
            CaptureSource.Log.RequestStop("inner " + i);
            CaptureSource.Log.RequestStop("outer " + i);
        })).ToArray();
        Task.WaitAll(tasks);
    }

    public static void Volume(int megabytes)
    {
        string padding = new string('v', 500); // 1000 bytes as UTF-16
        long events = (long)megabytes * 1024 * 1024 / 1024;
        for (long i = 0; i < events; i++)
            CaptureSource.Log.Volume(i, padding);
    }
}
