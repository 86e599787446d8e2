/** The product's name as texts sign it; the web app's is in frontend/src/lib/brand.ts (PRODUCT_NAME). */
export const PRODUCT_NAME = 'ConsentIQ';
