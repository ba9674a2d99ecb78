export interface Testimonial {
  name: string;
  location: string;
  quote: string;
  product: string;
}

/** The 10 testimonials of the carousel (spec.md §1); the how-it-works page shows the first 3. */
export const TESTIMONIALS: readonly Testimonial[] = [
  { name: 'Jess M.', location: 'Manchester', product: 'iPhone 14 Pro case', quote: "Got my 'My type on paper' case in three days. The pink is even brighter in real life!" },
  { name: 'Priya K.', location: 'Austin, TX', product: 'Water Bottle', quote: 'Took my bottle to the gym and three people asked where I got it. Obsessed.' },
  { name: 'Tom R.', location: 'Leeds', product: 'Champagne Flute', quote: 'Bought flutes for our finale watch party. Everyone had their own catchphrase. Iconic.' },
  { name: 'Aaliyah B.', location: 'Atlanta, GA', product: 'iPhone 13 case', quote: "The text still looks perfect after months of being thrown in my bag. Worth every cent." },
  { name: 'Chloe D.', location: 'Brighton', product: 'Samsung Galaxy S23 case', quote: 'Finally a shop that does Samsung too! Super easy to design, it took me a minute.' },
  { name: 'Marcus L.', location: 'Chicago, IL', product: 'Large Bottle', quote: "Gift for my sister who never misses an episode. She screamed. Five stars." },
  { name: 'Sofia G.', location: 'Miami, FL', product: 'iPhone 14 Pro Max case', quote: 'Applied it in two minutes with the instructions. Zero bubbles, really neat finish.' },
  { name: 'Hannah W.', location: 'Glasgow', product: 'Phone case', quote: "I'm getting one for every couple in the group chat. Free shipping sealed the deal." },
  { name: 'Emily T.', location: 'Denver, CO', product: 'Champagne Flute', quote: 'Our bridesmaids each had a flute with their own line from the show. So much fun.' },
  { name: 'Ruby A.', location: 'Bristol', product: 'iPhone 13 Pro case', quote: 'Fast dispatch, lovely packaging and the colour matched the preview exactly.' },
];
