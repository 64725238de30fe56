import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

const CloseContext = createContext<() => void>(() => {});

interface DropdownProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text enough. */
  triggerLabel?: string;
  triggerClassName?: string;
  align?: 'left' | 'right' | 'stretch';
  placement?: 'below' | 'above';
  menuClassName?: string;
  /** 'dialog' for a popover with content rather than a list of actions. */
  popupRole?: 'menu' | 'dialog';
  children: ReactNode;
}

/** A menu button: opens a list of menu items, arrow keys move between them, Escape closes. */
export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  align = 'left',
  placement = 'below',
  menuClassName,
  popupRole = 'menu',
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (popupRole === 'menu') items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, popupRole]);

  function onMenuKeyDown(event: React.KeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
  }

  return (
    <div ref={root} className={cn('relative', align === 'stretch' && 'w-full')}>
      <button
        ref={button}
        type="button"
        aria-haspopup={popupRole}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        className={triggerClassName}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          } else if (event.key === 'Escape' && open) {
            setOpen(false);
          }
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role={popupRole}
          aria-label={triggerLabel}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute z-40 min-w-56 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl shadow-zinc-900/10',
            placement === 'below' ? 'top-full mt-2' : 'bottom-full mb-2',
            align === 'right' && 'right-0',
            align === 'left' && 'left-0',
            align === 'stretch' && 'inset-x-0',
            menuClassName,
          )}
        >
          {/* Choosing an item gives focus back to the trigger before its action runs, so a modal the action
              opens returns focus to the trigger when it closes. */}
          <CloseContext.Provider value={() => close()}>{children}</CloseContext.Provider>
        </div>
      )}
    </div>
  );
}

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:text-zinc-900';

interface ItemProps {
  children: ReactNode;
  className?: string;
}

export function DropdownItem({ onSelect, children, className }: ItemProps & { onSelect: () => void }) {
  const close = useContext(CloseContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={cn(itemClasses, className)}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

export function DropdownLink({ to, onSelect, children, className }: ItemProps & { to: string; onSelect?: () => void }) {
  const close = useContext(CloseContext);
  return (
    <Link
      to={to}
      role="menuitem"
      tabIndex={-1}
      className={cn(itemClasses, className)}
      onClick={() => {
        close();
        onSelect?.();
      }}
    >
      {children}
    </Link>
  );
}

export function DropdownSection({ children, className }: ItemProps) {
  return <div className={cn('px-3 py-2', className)}>{children}</div>;
}

export function DropdownSeparator() {
  return <div role="separator" className="my-1 h-px bg-zinc-100" />;
}
