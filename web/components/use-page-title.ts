import { useEffect } from 'react';

export const SHOP_NAME = 'Villa Prints';

/** Each route names itself in the tab and for screen readers: "Gallery · Villa Prints". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${SHOP_NAME}`;
  }, [title]);
}
