// Runs a child process with a time limit and measures it: wall time, and peak memory of the
// whole process tree. docgen's build is a node process plus esbuild's Go service process,
// so the node figure alone would hide part of the cost. Two sources:
//  - /proc sampling (every SAMPLE_MS): each descendant's VmHWM (its own peak RSS, kept by the
//    kernel, so a short spike between samples is not lost) and the sum of current VmRSS;
//  - GNU /usr/bin/time %M when installed: the exact peak RSS of the largest single process,
//    read after exit, which covers a peak in the last moments sampling could miss.
// "peak RSS (tree)" = sum of each process's VmHWM: an upper bound of the tree's true peak
// (the processes may not peak at the same moment), which is the safe side for a budget.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SAMPLE_MS = 100;

let gnuTime;
/** GNU time is used only when it really is GNU time (-f/-o), never a shell builtin or BSD one. */
export function hasGnuTime() {
  if (gnuTime === undefined) {
    gnuTime = existsSync('/usr/bin/time') &&
      spawnSync('/usr/bin/time', ['-f', '%M', '-o', '/dev/null', 'true'], { timeout: 5000 }).status === 0;
  }
  return gnuTime;
}

export function readStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { name: /^Name:\s+(.*)$/m.exec(text)?.[1] ?? '?', rss: kib('VmRSS'), hwm: kib('VmHWM') };
  } catch {
    return null; // the process ended between listing and reading
  }
}

/**
 * CPU time (user + system, every thread) `pid` and its descendants have used, in ms: what a
 * piece of work costs whatever else the machine runs, where wall times on shared cores move by
 * half from run to run. Kernel ticks: 10 ms steps, so take a mean over many samples.
 */
export function treeCpuMs(pid) {
  let ticks = 0;
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks * 10;
}

/** Every live descendant of `root` (not root itself), from the ppid field of /proc/<pid>/stat. */
export function descendants(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch { /* gone */ }
  }
  const out = [];
  const queue = [root];
  while (queue.length) for (const c of children.get(queue.shift()) ?? []) { out.push(c); queue.push(c); }
  return out;
}

/**
 * Runs `cmd args`, kills the whole process group after timeoutMs, and resolves (never rejects
 * on a failing command) with { code, timedOut, wallMs, cpuMs (null without GNU time), stdout, stderr, peakTreeKiB,
 * peakSampledKiB, maxSingleKiB, processes }.
 */
export function runMeasured(cmd, args, { cwd, env, timeoutMs = 600_000 } = {}) {
  const useTime = hasGnuTime();
  const timeFile = path.join(os.tmpdir(), `docgen-bench-time-${process.pid}-${Date.now()}.txt`);
  // %M: the largest process's peak RSS; %U %S: CPU of the command and every child it waited for.
  const [file, argv] = useTime ? ['/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, cmd, ...args]] : [cmd, args];
  const started = performance.now();
  // detached: the child leads its own process group, so a timeout kills esbuild too.
  const child = spawn(file, argv, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const hwm = new Map(); // pid → { name, hwm }
  let peakSampled = 0;
  const sample = () => {
    let sum = 0;
    const pids = [child.pid, ...descendants(child.pid)];
    for (const pid of pids) {
      const s = readStatus(pid);
      if (!s || (useTime && pid === child.pid)) continue; // /usr/bin/time itself is not measured
      sum += s.rss;
      const prev = hwm.get(pid);
      if (!prev || s.hwm > prev.hwm) hwm.set(pid, { name: s.name, hwm: s.hwm });
    }
    peakSampled = Math.max(peakSampled, sum);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  let timedOut = false;
  const killer = setTimeout(() => {
    timedOut = true;
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
  }, timeoutMs);

  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started;
      clearInterval(timer);
      clearTimeout(killer);
      let maxSingle = 0;
      let cpuMs = null;
      if (useTime && existsSync(timeFile)) {
        // GNU time appends "Command exited with non-zero status N" before the figures on failure.
        const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
        const [rss, user, sys] = lines[lines.length - 1].split(' ').map(Number);
        maxSingle = rss || 0;
        if (Number.isFinite(user) && Number.isFinite(sys)) cpuMs = (user + sys) * 1000;
        rmSync(timeFile, { force: true });
      }
      const procs = [...hwm.values()];
      const sumHwm = procs.reduce((a, p) => a + p.hwm, 0);
      // The largest process's own final peak may exceed its last sample; correct the sum by it.
      const largest = procs.reduce((a, p) => Math.max(a, p.hwm), 0);
      const peakTree = sumHwm + Math.max(0, maxSingle - largest);
      resolve({
        code: timedOut ? null : code, signal, timedOut, wallMs, cpuMs, stdout, stderr,
        peakTreeKiB: Math.max(peakTree, peakSampled), peakSampledKiB: peakSampled, maxSingleKiB: Math.max(maxSingle, largest),
        processes: procs.map((p) => p.name),
        perProcess: procs.map((p) => ({ name: p.name, hwmKiB: p.hwm })),
      });
    });
  });
}

/** Plain bounded run for setup steps (building the CLI): throws with the output on failure. */
export function runChecked(cmd, args, { cwd, env, timeoutMs = 120_000 } = {}) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}
