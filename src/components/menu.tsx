// The menu of spec §4: opens and closes on a click of its trigger, closes after an item click
// unless configured otherwise, and its horizontal position defaults to left.
import { Menu } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export type MoiMenuItem = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onClick?: () => void;
  /** Render the item as a link (e.g. a react-router Link). */
  component?: React.ElementType;
  to?: string;
  href?: string;
  color?: string;
  closeMenuOnClick?: boolean;
};

export type MoiMenuProps = {
  /** The element that toggles the menu (a button). */
  trigger: ReactNode;
  items: MoiMenuItem[];
  /** Close after an item click (default true). */
  shouldCloseOnItemClick?: boolean;
  horizontalPosition?: 'left' | 'right';
  /** 'bottom' (default) opens below the trigger; 'right' opens beside it (compact sidebar). */
  side?: 'bottom' | 'right';
  label?: ReactNode;
  width?: number;
};

// Menu.Item is polymorphic; its generic props cannot be spelled for an arbitrary component here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const PolymorphicItem = Menu.Item as unknown as React.ComponentType<Record<string, any>>;

export function MoiMenu({ trigger, items, shouldCloseOnItemClick = true, horizontalPosition = 'left', side = 'bottom', label, width = 220 }: MoiMenuProps) {
  const [opened, setOpened] = useState(false);
  const align = horizontalPosition === 'left' ? 'start' : 'end';
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      closeOnItemClick={shouldCloseOnItemClick}
      position={`${side}-${align}`}
      width={width}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown data-horizontal-position={horizontalPosition}>
        {label && <Menu.Label>{label}</Menu.Label>}
        {items.map(({ key, label: itemLabel, icon, onClick, component, to, href, color, closeMenuOnClick }) => (
          <PolymorphicItem
            key={key}
            leftSection={icon}
            onClick={onClick}
            component={component ?? (href ? 'a' : 'button')}
            {...(to ? { to } : {})}
            {...(href ? { href, target: '_blank', rel: 'noopener noreferrer' } : {})}
            color={color}
            closeMenuOnClick={closeMenuOnClick}
          >
            {itemLabel}
          </PolymorphicItem>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
