// The screens' texts of this language in one chunk: the first screen loads them all at once, and
// every later screen finds its own already there (src/client/lib/page-locale.ts).
export default import.meta.glob<Record<string, unknown>>(['./*.json', '!./auth.json', '!./common.json'], {
  eager: true,
  import: 'default',
});
