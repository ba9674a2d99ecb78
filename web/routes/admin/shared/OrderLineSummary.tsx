export function linesCount(count: number): string {
  return `${count} ${count === 1 ? 'line' : 'lines'}`;
}

