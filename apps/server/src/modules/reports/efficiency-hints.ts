import type { EfficiencyFigures, EfficiencyHint } from '@portal/shared';
import type { EfficiencySums } from './efficiency.repository.js';

/** Under this share of their cores busy, jobs are told to ask for fewer cores. */
export const CPU_LOW = 0.5;
/** Under this share of their GPU cards busy, jobs are told to ask for fewer cards. */
export const GPU_LOW = 0.5;
/** Under this share of their memory used, jobs are told to ask for less. */
export const MEMORY_LOW = 0.25;
/** Over this share, jobs are warned that they may run out of memory. */
export const MEMORY_HIGH = 0.9;

const percent = (ratio: number) => Math.round(ratio * 100);

/** The hints the figures call for, most telling first; the web words them in the reader's language. */
export const hintsOf = (s: EfficiencySums, cpu: number | null, memory: number | null, gpu: number | null): EfficiencyHint[] => {
  const hints: EfficiencyHint[] = [];
  if (cpu !== null) {
    if (cpu < CPU_LOW) hints.push({ code: 'cpuLow', value: percent(cpu) });
    else hints.push({ code: 'cpuBusy', value: percent(cpu) });
  }
  if (memory !== null) {
    if (memory < MEMORY_LOW) hints.push({ code: 'memoryLow', value: percent(memory) });
    else if (memory > MEMORY_HIGH) hints.push({ code: 'memoryHigh', value: percent(memory) });
    else hints.push({ code: 'memoryUsed', value: percent(memory) });
  }
  if (gpu !== null) hints.push({ code: gpu < GPU_LOW ? 'gpuLow' : 'gpuBusy', value: percent(gpu) });
  if (s.unmeasuredJobs > 0) hints.push({ code: 'notMeasured', value: s.unmeasuredJobs });
  return hints;
};

/** Ratios and hints of a user's (or everyone's) sums; a ratio with nothing measured is null, never 0. */
export const figuresOf = (s: EfficiencySums): EfficiencyFigures => {
  const cpuEfficiency = s.coreSeconds > 0 ? s.cpuSeconds / s.coreSeconds : null;
  const memoryRatio = s.memoryRequestedMB > 0 ? s.memoryUsedMB / s.memoryRequestedMB : null;
  const gpuEfficiency = s.cardSeconds > 0 ? s.gpuBusyPctSeconds / 100 / s.cardSeconds : null;
  return {
    jobs: s.jobs,
    cpuMeasuredJobs: s.cpuMeasuredJobs,
    cpuSeconds: s.cpuSeconds,
    coreSeconds: s.coreSeconds,
    cpuEfficiency,
    memoryMeasuredJobs: s.memoryMeasuredJobs,
    memoryUsedMB: s.memoryUsedMB,
    memoryRequestedMB: s.memoryRequestedMB,
    memoryRatio,
    gpuMeasuredJobs: s.gpuMeasuredJobs,
    cardSeconds: s.cardSeconds,
    gpuEfficiency,
    hints: hintsOf(s, cpuEfficiency, memoryRatio, gpuEfficiency),
  };
};
