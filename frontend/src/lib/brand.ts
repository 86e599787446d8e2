/** The product's name; every screen and loading message reads it from here. */
export const PRODUCT_NAME = 'ConsentIQ';

export const PRODUCT_TAGLINE = 'Clear consent, recorded with respect.';
