import { useEffect } from 'react';

export const SHOP_NAME = 'Villa Prints';

const TITLES: Record<string, string> = {
  '/': 'Design your own phone case, bottle or flute',
  '/customize': 'Design your own phone case, bottle or flute',
  '/how-it-works': 'How it works',
  '/faq': 'FAQ',
  '/gallery': 'Community designs',
  '/checkout': 'Secure checkout',
  '/account': 'Your account',
  '/orders/track': 'Track your order',
};

/** "Gallery · Villa Prints": each shop route names itself in the tab, history and screen readers. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const title = TITLES[path];
  return title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
}

export function usePageTitle(pathname: string): void {
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
