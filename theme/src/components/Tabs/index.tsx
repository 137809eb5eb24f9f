import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import './tabs.css';
import type { TabItemProps } from '../TabItem';
import { publishGroup, queryKey, readGroup, readQuery, subscribeGroup, writeQuery } from './groups';

export interface TabValue {
  value: string;
  label?: ReactNode;
  attributes?: Record<string, unknown>;
  default?: boolean;
}

export interface TabsProps {
  children?: ReactNode;
  /** Docusaurus's prop name for the initially selected value. */
  defaultValue?: string | null;
  /** Tab labels, overriding the children's `label`. */
  values?: TabValue[];
  /** Tabs with the same groupId switch together and the choice is remembered. */
  groupId?: string;
  /** Reads and writes the selected value in the address (`?groupId=value`, or the given name). */
  queryString?: boolean | string;
  /** Only the selected panel is rendered. */
  lazy?: boolean;
  block?: boolean;
  className?: string;
}

/** Children of Tabs must be TabItems with unique values (the same rule and wording as Docusaurus). */
function tabItems(children: ReactNode): ReactElement<TabItemProps>[] {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => {
    if (isValidElement(c) && typeof (c.props as TabItemProps).value === 'string') return true;
    if (typeof c === 'string' && c.trim() === '') return false;
    const name = isValidElement(c) ? (typeof c.type === 'string' ? c.type : (c.type as { name?: string }).name ?? 'element') : String(c);
    throw new Error(`Bad <Tabs> child <${name}>: all children of the <Tabs> component should be <TabItem>, and every <TabItem> should have a unique "value" prop.`);
  });
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.props.value)) throw new Error(`Duplicate value "${item.props.value}" in <Tabs>: every <TabItem> needs a unique "value" prop.`);
    seen.add(item.props.value);
  }
  return items;
}

/**
 * Docusaurus's `@theme/Tabs`: the ARIA tabs pattern (arrow keys, Home and End move between
 * tabs, Enter or Space selects), a selection synced by `groupId` and kept in the address by
 * `queryString`. The server renders the default tab; a remembered or linked choice is applied
 * after hydration, as Docusaurus does.
 */
export default function Tabs({ children, defaultValue, values, groupId, queryString, lazy = false, block = false, className = '' }: TabsProps) {
  const items = tabItems(children);
  const tabs: TabValue[] = values ?? items.map((i) => ({ value: i.props.value, label: i.props.label, attributes: i.props.attributes, default: i.props.default }));
  const known = (v: string | null | undefined): v is string => typeof v === 'string' && tabs.some((t) => t.value === v);
  if (defaultValue !== undefined && defaultValue !== null && !known(defaultValue)) {
    throw new Error(`<Tabs> has defaultValue "${defaultValue}" but none of its children has this value. Use one of: ${tabs.map((t) => t.value).join(', ')}.`);
  }
  const initial = defaultValue ?? items.find((i) => i.props.default)?.props.value ?? tabs.find((t) => t.default)?.value ?? tabs[0]?.value;
  const [selected, setSelected] = useState(initial);
  const key = queryKey(queryString, groupId);
  const tabRefs = useRef<(HTMLLIElement | null)[]>([]);
  const baseId = useId();

  useEffect(() => {
    // A link to the group's value (?<groupId>=…) selects it in every Tabs of the group.
    const fromUrl = key ? readQuery(key) : groupId ? readQuery(groupId) : null;
    const remembered = groupId ? readGroup(groupId) : null;
    const start = known(fromUrl) ? fromUrl : remembered;
    if (known(start)) setSelected(start);
    if (!groupId) return;
    return subscribeGroup(groupId, (value) => {
      if (known(value)) setSelected(value);
    });
    // tabs is derived from props; the group is what the subscription depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groupId, key]);

  const select = (value: string, tab: HTMLElement) => {
    if (value === selected) return;
    // Synced tabs above may change height: keep the clicked tab where the reader sees it.
    const top = tab.getBoundingClientRect().top;
    setSelected(value);
    if (key) writeQuery(key, value);
    if (groupId) publishGroup(groupId, value);
    requestAnimationFrame(() => window.scrollBy(0, tab.getBoundingClientRect().top - top));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      tabRefs.current[target]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(tabs[index].value, event.currentTarget);
    }
  };

  return (
    <div className={`tabs-container dg-tabs ${className}`.trim()}>
      <ul role="tablist" aria-orientation="horizontal" className={`tabs dg-tabs__list${block ? ' dg-tabs__list--block' : ''}`}>
        {tabs.map((tab, i) => {
          const active = tab.value === selected;
          const { className: extra = '', ...attributes } = (tab.attributes ?? {}) as { className?: string };
          return (
            <li key={tab.value} role="tab" id={`${baseId}-tab-${i}`} aria-controls={lazy && !active ? undefined : `${baseId}-panel-${i}`} aria-selected={active} tabIndex={active ? 0 : -1}
              ref={(el) => { tabRefs.current[i] = el; }}
              className={`tabs__item dg-tabs__tab${active ? ' tabs__item--active dg-tabs__tab--active' : ''} ${extra}`.trim()}
              onClick={(e) => select(tab.value, e.currentTarget)} onKeyDown={(e) => onKeyDown(e, i)} {...attributes}>
              {tab.label ?? tab.value}
            </li>
          );
        })}
      </ul>
      <div className="dg-tabs__panels">
        {items.map((item, i) => {
          const active = item.props.value === selected;
          if (lazy && !active) return null;
          const index = tabs.findIndex((t) => t.value === item.props.value);
          return (
            <div key={item.props.value} role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`} hidden={!active}
              className={`dg-tabs__panel ${item.props.className ?? ''}`.trim()}>
              {item.props.children}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export { Tabs };
