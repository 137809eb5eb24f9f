import { useSite } from '../../hooks/useSite';
import { SearchBar } from './index';

/** `@theme/SearchBar`, as a Docusaurus page places it (`<SearchBar />`, no props): the site's search. */
export default function DocusaurusSearchBar() {
  return <SearchBar site={useSite()} />;
}
