import type { ComponentType } from 'react';
import type { RenderInput, SidebarItem, NavbarItem } from './types';
import { AuthGate } from './components/AuthGate';

/** The whole page: gate → layout. Kept minimal until the theme issue lands. */
export function Root({ site, page, sidebar, Content }: RenderInput) {
  const Body = Content as ComponentType | undefined;
  const showToc = page.kind === 'doc' && !page.hideTableOfContents && page.toc.length > 0;
  return (
    <AuthGate site={site}>
      <a className="dg-skip" href="#__docgen_main">Pular para o conteúdo principal</a>
      <nav className="dg-navbar" aria-label="Principal">
        <a className="dg-navbar__brand" href={site.baseUrl}>{site.navbar.title ?? site.title}</a>
        {site.navbar.items.map((item, i) => <NavItem key={i} item={item} />)}
      </nav>
      <div className="dg-main-wrapper">
        {sidebar && <aside className="dg-sidebar"><nav aria-label="Barra lateral da documentação"><SidebarList items={sidebar} /></nav></aside>}
        <main id="__docgen_main" className="dg-main">
          {page.breadcrumbs && page.breadcrumbs.length > 0 && (
            <nav aria-label="Trilha de navegação"><ul className="dg-breadcrumbs">
              {page.breadcrumbs.map((b, i) => <li key={i}><a href={b.href}>{b.title}</a></li>)}
            </ul></nav>
          )}
          <article>
            {page.kind !== 'page' && <h1>{page.title}</h1>}
            {Body ? <Body /> : null}
            {page.cards && (
              <ul className="dg-cards">{page.cards.map((c) => <li key={c.href}><a href={c.href}>{c.label}</a>{c.description && <p>{c.description}</p>}</li>)}</ul>
            )}
          </article>
          {(page.prev || page.next) && (
            <nav className="dg-pagination" aria-label="Páginas da documentação">
              {page.prev && <a href={page.prev.href}>Anterior: {page.prev.title}</a>}
              {page.next && <a href={page.next.href}>Próxima: {page.next.title}</a>}
            </nav>
          )}
        </main>
        {showToc && (
          <nav className="dg-toc" aria-label="Nesta página"><ul>
            {page.toc.map((t) => <li key={t.id} data-level={t.level}><a href={`#${t.id}`}>{t.value}</a></li>)}
          </ul></nav>
        )}
      </div>
      {site.footer && (
        <footer className="dg-footer">
          {site.footer.links.map((l, i) => 'items' in l
            ? <div key={i}>{l.title && <strong>{l.title}</strong>}<ul>{l.items.map((x, j) => <li key={j}><a href={x.to ?? x.href}>{x.label}</a></li>)}</ul></div>
            : <a key={i} href={l.to ?? l.href}>{l.label}</a>)}
          {site.footer.copyright && <div className="dg-footer__copyright">{site.footer.copyright}</div>}
        </footer>
      )}
    </AuthGate>
  );
}

function NavItem({ item }: { item: NavbarItem }) {
  switch (item.type) {
    case 'default': return <a href={item.to ?? item.href}>{item.label}</a>;
    case 'doc': case 'docSidebar': case 'docsVersion': return <a href={item.to}>{item.label}</a>;
    case 'dropdown': return <span>{item.label}{item.items.map((x, i) => <a key={i} href={x.to ?? x.href}>{x.label}</a>)}</span>;
    case 'docsVersionDropdown': return <span>{item.versions.map((v) => <a key={v.name} href={v.to}>{v.label}</a>)}</span>;
    case 'html': return <span dangerouslySetInnerHTML={{ __html: item.value }} />;
    default: return null;
  }
}

function SidebarList({ items }: { items: SidebarItem[] }) {
  return (
    <ul className="dg-menu">
      {items.map((item, i) => item.type === 'link'
        ? <li key={i}><a href={item.href}>{item.label}</a></li>
        : <li key={i}>{item.href ? <a href={item.href}>{item.label}</a> : <span>{item.label}</span>}<SidebarList items={item.items} /></li>)}
    </ul>
  );
}
