/** Designs for the print-file benchmark: every product, and texts of every length up to 20 characters. */
export const DEVICES_FOR_BENCH = ['iPhone 14 Pro', 'Standard Bottle', 'Standard Glass', 'Samsung Galaxy S23', 'iPhone 13 Pro Max', 'Large Bottle', 'iPhone 14', 'Large Bottle', 'iPhone 13', 'Samsung Galaxy S22'];
export const TEXTS_FOR_BENCH = ['Bombshell', 'My type on paper', 'Mugged off', 'Can I pull you?', 'Loyal, babe', 'Zoë & Ægir', 'Twenty characters!!!', 'Head turned', 'Grafted', 'Cheers to the final'];
