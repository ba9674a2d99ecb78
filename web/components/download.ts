/** Saves a file the page holds (the CSV export, a print file): no server needed, so it works offline. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text the page made as a file. */
export function downloadText(fileName: string, content: string, type: string): void {
  downloadBlob(fileName, new Blob([content], { type }));
}
