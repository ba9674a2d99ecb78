export interface Testimonial {
  name: string;
  location: string;
  quote: string;
  product: string;
}

/**
 * The 10 testimonials of the carousel (spec.md §1); the how-it-works page shows the first 3. The
 * shop sells the decal: each speaks of the decal on the shopper's own case, bottle or glass.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  { name: 'Jess M.', location: 'Manchester', product: 'Vinyl decal · iPhone 14 Pro', quote: "Got my 'My type on paper' decal in three days and it fits my case perfectly. The pink is even brighter in real life!" },
  { name: 'Priya K.', location: 'Austin, TX', product: 'Vinyl decal · Water Bottle', quote: 'Put the decal on my gym bottle and three people asked where I got it. Obsessed.' },
  { name: 'Tom R.', location: 'Leeds', product: 'Vinyl decal · Champagne Flute', quote: 'Decals on our flutes for the finale watch party. Everyone had their own catchphrase. Iconic.' },
  { name: 'Aaliyah B.', location: 'Atlanta, GA', product: 'Vinyl decal · iPhone 13', quote: "The text still looks perfect after months of being thrown in my bag. Worth every cent." },
  { name: 'Chloe D.', location: 'Brighton', product: 'Vinyl decal · Samsung Galaxy S23', quote: 'Finally decals sized for Samsung too! Super easy to design, it took me a minute.' },
  { name: 'Marcus L.', location: 'Chicago, IL', product: 'Vinyl decal · Large Bottle', quote: "Gift for my sister who never misses an episode. She screamed. Five stars." },
  { name: 'Sofia G.', location: 'Miami, FL', product: 'Vinyl decal · iPhone 14 Pro Max', quote: 'Applied it in two minutes with the instructions. Zero bubbles, really neat finish.' },
  { name: 'Hannah W.', location: 'Glasgow', product: 'Vinyl decal · phone case', quote: "I'm getting a decal for every couple in the group chat. Free shipping sealed the deal." },
  { name: 'Emily T.', location: 'Denver, CO', product: 'Vinyl decal · Champagne Flute', quote: 'Our bridesmaids each put a decal with their own line from the show on their flute. So much fun.' },
  { name: 'Ruby A.', location: 'Bristol', product: 'Vinyl decal · iPhone 13 Pro', quote: 'Fast dispatch, lovely packaging and the decal matched the preview exactly.' },
];
