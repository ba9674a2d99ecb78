import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from './focus-trap';

interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** 'drawer' slides in from the right; 'modal' is centred. */
  variant?: 'modal' | 'drawer';
  className?: string;
}

/** A modal dialog: named by its title, focus kept inside, Escape and the backdrop close it. */
export function Dialog({ open, title, onClose, children, variant = 'modal', className = '' }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, onClose);
  if (!open) return null;
  const titleId = `dialog-title-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className={`overlay overlay--${variant}`} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panel} className={`dialog dialog--${variant} ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">{title}</h2>
          <button type="button" className="icon-button" aria-label={`Close ${title.toLowerCase()}`} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
