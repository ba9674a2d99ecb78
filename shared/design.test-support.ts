/** Test-only: one valid phone-case design, as the catalogue allows it, for tests on both sides. */
export const SAMPLE_DESIGN = {
  device: 'iPhone 14 Pro',
  caseType: 'CLASSIC',
  text: 'Bombshell',
  color: 'Hot Pink',
  font: 'Pecita',
  fontSize: 24,
  logo: false,
} as const;
