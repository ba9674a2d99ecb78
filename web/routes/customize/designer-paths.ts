/** The routes that open the designer (web/App.tsx): `/` and `/customize`. */
export function isDesignerPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/customize' || pathname === '/customize/';
}
