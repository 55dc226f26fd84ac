/**
 * External pages the product links to. The spec names the FAQ but not its address; this placeholder
 * (a reserved .example domain) is replaced when the business provides the real one.
 */
export const HELP_FAQ_URL = 'https://orderflow.example/faq';

/** The store where customers browse and buy units ('Browse Products'); a placeholder like the FAQ's. */
export const STORE_URL = 'https://orderflow.example/products';
