import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface DrawerState {
  open: boolean;
  setOpen(open: boolean): void;
}

const DrawerContext = createContext<DrawerState>({ open: false, setOpen: () => {} });

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

export function useCartDrawer(): DrawerState {
  return useContext(DrawerContext);
}
