/** Word lists for generated orders: common US names, real city/state/ZIP triples, show catchphrases. */

export const FIRST_NAMES = [
  'Olivia', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Amelia', 'Harper', 'Evelyn', 'Abigail',
  'Emily', 'Ella', 'Madison', 'Scarlett', 'Chloe', 'Grace', 'Lily', 'Aubrey', 'Zoey', 'Hannah',
  'Liam', 'Noah', 'James', 'Logan', 'Ethan', 'Mason', 'Lucas', 'Jackson', 'Aiden', 'Carter',
  'Jayden', 'Tyler', 'Brandon', 'Kayla', 'Brianna', 'Destiny', 'Jasmine', 'Tiffany', 'Marcus', 'Andre',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
] as const;

export const STREET_NAMES = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Blvd', 'Lakeview Dr',
  'Sunset Blvd', 'Park Ave', 'Highland Ave', 'Willow Way', 'Magnolia St', 'Palm Dr', 'River Rd', 'Hillcrest Rd',
] as const;

/** [city, state code, a ZIP code of that city]. */
export const CITIES: readonly (readonly [string, string, string])[] = [
  ['Los Angeles', 'CA', '90012'], ['San Diego', 'CA', '92101'], ['San Francisco', 'CA', '94103'], ['Sacramento', 'CA', '95814'],
  ['New York', 'NY', '10001'], ['Brooklyn', 'NY', '11201'], ['Buffalo', 'NY', '14202'], ['Houston', 'TX', '77002'],
  ['Dallas', 'TX', '75201'], ['Austin', 'TX', '78701'], ['San Antonio', 'TX', '78205'], ['Miami', 'FL', '33130'],
  ['Orlando', 'FL', '32801'], ['Tampa', 'FL', '33602'], ['Chicago', 'IL', '60601'], ['Atlanta', 'GA', '30303'],
  ['Phoenix', 'AZ', '85004'], ['Scottsdale', 'AZ', '85251'], ['Las Vegas', 'NV', '89101'], ['Denver', 'CO', '80202'],
  ['Seattle', 'WA', '98101'], ['Portland', 'OR', '97204'], ['Boston', 'MA', '02108'], ['Philadelphia', 'PA', '19107'],
  ['Pittsburgh', 'PA', '15222'], ['Charlotte', 'NC', '28202'], ['Nashville', 'TN', '37203'], ['Columbus', 'OH', '43215'],
  ['Detroit', 'MI', '48226'], ['Minneapolis', 'MN', '55401'], ['New Orleans', 'LA', '70112'], ['Salt Lake City', 'UT', '84111'],
];

/** US area codes matching the cities above, for plausible phone numbers. */
export const AREA_CODES = ['213', '619', '415', '916', '212', '718', '716', '713', '214', '512', '210', '305', '407', '813', '312', '404'] as const;

/** Reality-TV catchphrases and fan slogans, each at most 20 characters (the printable limit). */
export const CATCHPHRASES = [
  'Bombshell', "I've got a text!", 'My type on paper', 'Grafting', 'Can I pull you?', 'It is what it is',
  'Mugged off', 'Head turned', 'Villa Vibes', 'Recoupling', 'Loyal queen', 'Not my type',
  'Pied off', 'Game face on', 'Main character', 'Drama queen', 'Sassy & classy', 'Here for the tea',
  'Stay messy', 'Unbothered', 'Couple goals', 'Single & thriving', 'Dumped? Never', 'Final four',
  'Winner winner', 'Casa Amor', 'Heart racing', 'Bevvy time', 'Get the tea', 'Fire pit ready',
] as const;

export const SPECIAL_INSTRUCTIONS = [
  'Gift for my sister, please no receipt in the box',
  'Leave at the back door',
  'Birthday present, please ship fast!',
  'Please double-check the spelling',
] as const;

/**
 * How often each device is ordered, roughly: phone cases sell most, newer phones more than older,
 * bottles and flutes less. Weights need not sum to anything.
 */
export const DEVICE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['iPhone 14 Pro Max', 18], ['iPhone 14 Pro', 16], ['iPhone 14', 12], ['iPhone 13 Pro Max', 8],
  ['iPhone 13 Pro', 7], ['iPhone 13', 8], ['Samsung Galaxy S23', 9], ['Samsung Galaxy S22', 5],
  ['Standard Bottle', 9], ['Large Bottle', 5], ['Standard Glass', 6],
];
