// The targets of a timed run, printed in its case's metrics beside what it measured.

/**
 * A run's targets (seconds, ratio to its reference, peak RSS) and those it missed, then `otherMisses`, as its case's
 * metrics print them: targetSeconds, targetRatio, targetRssMb, targetsMissed.
 */
export const runTargets = (
  measured: { seconds: number; ratio: number; peakRssMb: number },
  targets: { seconds: number; ratio: number; rssMb: number },
  otherMisses: readonly string[] = [],
) => {
  const missed: string[] = [];
  if (measured.seconds > targets.seconds) missed.push(`seconds ${Number(measured.seconds.toFixed(1))} > ${targets.seconds}`);
  if (measured.ratio > targets.ratio) missed.push(`ratio ${Number(measured.ratio.toFixed(1))} > ${targets.ratio}`);
  if (measured.peakRssMb > targets.rssMb) missed.push(`peak RSS ${measured.peakRssMb} MB > ${targets.rssMb}`);
  return {
    targetSeconds: targets.seconds,
    targetRatio: targets.ratio,
    targetRssMb: targets.rssMb,
    targetsMissed: [...missed, ...otherMisses],
  };
};
