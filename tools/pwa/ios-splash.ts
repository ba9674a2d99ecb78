/**
 * iOS launch screens (apple-touch-startup-image): iOS ignores the manifest's splash, so each common
 * iPhone size (portrait, 3x) gets the shop's own, made by make-icons.ts and linked by vite-pwa.ts.
 */
export const IOS_SPLASHES = [
  { width: 375, height: 812 },
  { width: 390, height: 844 },
  { width: 393, height: 852 },
  { width: 428, height: 926 },
  { width: 430, height: 932 },
] as const;

export function splashFile(screen: { width: number; height: number }): string {
  return `splash-${screen.width * 3}x${screen.height * 3}.png`;
}
