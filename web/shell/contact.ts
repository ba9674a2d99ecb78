/** The shop's mail addresses (footer links, 'Report this issue'). */
export const CONTACT_EMAIL = 'hello@villaprints.shop';
export const SUPPORT_EMAIL = 'support@villaprints.shop';
export const BRAND = 'Villa Prints';
