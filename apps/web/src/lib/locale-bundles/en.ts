import { byNamespace } from './by-namespace';

/** Every namespace of this language but the first load's (fetched one by one): one file for the console. */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>(['../../locales/en/*.json', '!../../locales/en/{common,auth,errors}.json'], {
    eager: true,
    import: 'default',
  }),
);
