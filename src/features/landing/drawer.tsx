// A light right-hand drawer for the landing menu (Mantine's Drawer brings ScrollArea, Portal and
// FocusTrap, ~30 kB gz, into the public page). Modal dialog semantics: focus moves in and is kept
// inside, Escape and the backdrop close it, focus returns to the opener, the page behind does not scroll.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconX } from '@tabler/icons-react';
import classes from './landing.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = { opened: boolean; onClose: () => void; title: string; closeLabel: string; id?: string; children: ReactNode };

export function RightDrawer({ opened, onClose, title, closeLabel, id, children }: Props) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!opened) return;
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panelRef.current) return;
      const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      } else if (!panelRef.current.contains(document.activeElement)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus({ preventScroll: true });
    };
  }, [opened]);

  if (!opened) return null;
  return createPortal(
    <div className={classes.drawerRoot}>
      <div className={classes.drawerBackdrop} onClick={onClose} aria-hidden="true" data-testid="drawer-backdrop" />
      <div ref={panelRef} id={id} className={classes.drawerPanel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={classes.drawerHead}>
          <h2 id={titleId} className={classes.drawerTitle}>
            {title}
          </h2>
          <button type="button" className={classes.iconButton} onClick={onClose} aria-label={closeLabel}>
            <IconX size={20} aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
