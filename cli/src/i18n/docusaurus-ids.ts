/**
 * Docusaurus theme translation ids (as a site's i18n/<locale>/code.json has them) → the keys of
 * @docgen/theme's catalogs. A string maps to one key; a plural string ("One doc|{count} docs",
 * forms separated by '|') maps to the `.one` and `.other` keys. When several ids map to one key,
 * the later entry wins.
 */
export type IdTarget = string | { plural: [one: string, other: string] };

export const DOCUSAURUS_IDS: Record<string, IdTarget> = {
  'theme.common.skipToMainContent': 'skipToContent',
  'theme.NavBar.navAriaLabel': 'navbar.ariaLabel',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'navbar.toggleMenu',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'navbar.closeMenu',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': 'navbar.backToMainMenu',
  'theme.navbar.mobileLanguageDropdown.label': 'navbar.localeDropdown.label',
  'theme.navbar.mobileVersionsDropdown.label': 'navbar.versionDropdown.label',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'announcement.close',
  'theme.colorToggle.ariaLabel': 'colorMode.toggle',
  'theme.colorToggle.ariaLabel.mode.light': 'colorMode.light',
  'theme.colorToggle.ariaLabel.mode.dark': 'colorMode.dark',
  'theme.colorToggle.ariaLabel.mode.system': 'colorMode.system',
  'theme.docs.sidebar.navAriaLabel': 'sidebar.ariaLabel',
  'theme.DocSidebarItem.expandCategoryAriaLabel': 'sidebar.expandCategory',
  'theme.DocSidebarItem.collapseCategoryAriaLabel': 'sidebar.collapseCategory',
  'theme.docs.breadcrumbs.navAriaLabel': 'breadcrumbs.ariaLabel',
  'theme.docs.breadcrumbs.home': 'breadcrumbs.home',
  'theme.TOCCollapsible.toggleButtonLabel': 'toc.title',
  'theme.docs.paginator.navAriaLabel': 'pagination.ariaLabel',
  'theme.docs.paginator.previous': 'pagination.previous',
  'theme.docs.paginator.next': 'pagination.next',
  // Older Docusaurus wrote one form; newer ones the plural pair.
  'theme.docs.DocCard.categoryDescription': 'category.itemCount.other',
  'theme.docs.DocCard.categoryDescription.plurals': { plural: ['category.itemCount.one', 'category.itemCount.other'] },
  'theme.NotFound.title': 'notFound.title',
  'theme.NotFound.p1': 'notFound.description',
  'theme.ErrorPageContent.tryAgain': 'chunkError.retry',
  'theme.admonition.note': 'admonition.note',
  'theme.admonition.tip': 'admonition.tip',
  'theme.admonition.info': 'admonition.info',
  'theme.admonition.warning': 'admonition.warning',
  'theme.admonition.danger': 'admonition.danger',
  // Our copy button has no visible text: its label is the ARIA label, unless the site renamed "Copy".
  'theme.CodeBlock.copyButtonAriaLabel': 'codeBlock.copy',
  'theme.CodeBlock.copy': 'codeBlock.copy',
  'theme.CodeBlock.copied': 'codeBlock.copied',
  'theme.common.editThisPage': 'docs.editThisPage',
  'theme.docs.versions.unreleasedVersionLabel': 'docs.versions.unreleased',
  'theme.docs.versions.unmaintainedVersionLabel': 'docs.versions.unmaintained',
  'theme.docs.versions.latestVersionSuggestionLabel': 'docs.versions.latestSuggestion',
  'theme.docs.versions.latestVersionLinkLabel': 'docs.versions.latestLink',
  'theme.contentVisibility.unlistedBanner.title': 'docs.unlisted.title',
  'theme.contentVisibility.unlistedBanner.message': 'docs.unlisted.body',
  'theme.BackToTopButton.buttonAriaLabel': 'backToTop',
  'theme.tags.tagsListLabel': 'tags.listLabel',
  'theme.tags.tagsPageTitle': 'tags.title',
  'theme.tags.tagsPageLink': 'tags.viewAll',
  'theme.docs.tagDocListPageTitle': 'tags.docListTitle',
  'theme.docs.tagDocListPageTitle.nDocsTagged': { plural: ['tags.nDocsTagged.one', 'tags.nDocsTagged.other'] },
  'theme.SearchBar.label': 'search.button',
  'theme.SearchModal.searchBox.placeholderText': 'search.inputPlaceholder',
  'theme.SearchModal.footer.navigateText': 'search.keys.navigate',
  'theme.SearchModal.footer.selectText': 'search.keys.open',
  'theme.SearchModal.footer.closeText': 'search.keys.close',
};

/** Docusaurus builds "Last updated on {date} by {user}" from three ids; ours are three whole sentences. */
export const LAST_UPDATED_IDS = {
  sentence: 'theme.lastUpdated.lastUpdatedAtBy',
  atDate: 'theme.lastUpdated.atDate',
  byUser: 'theme.lastUpdated.byUser',
} as const;

/** Docusaurus's English defaults, for the parts of the sentence a code.json leaves out. */
const LAST_UPDATED_DEFAULTS = { sentence: 'Last updated{atDate}{byUser}', atDate: ' on {date}', byUser: ' by {user}' };

/** Our three last-updated sentences from Docusaurus's parts (any part the site did not give keeps its default). */
export function lastUpdatedMessages(parts: Partial<Record<keyof typeof LAST_UPDATED_IDS, string>>): Record<string, string> {
  const p = { ...LAST_UPDATED_DEFAULTS, ...parts };
  const byUser = p.byUser.replace('{user}', '{author}');
  const sentence = (at: string, by: string) => p.sentence.replace('{atDate}', at).replace('{byUser}', by);
  return {
    'docs.lastUpdatedAtBy': sentence(p.atDate, byUser),
    'docs.lastUpdatedAt': sentence(p.atDate, ''),
    'docs.lastUpdatedBy': sentence('', byUser),
  };
}

/** "No results for" + our quoted query. */
export const NO_RESULTS_ID = 'theme.SearchModal.noResultsScreen.noResultsText';
