// SKELETON: the shopper app issue replaces this with the app shell and routes.
export function App() {
  return <main><h1>Villa Prints</h1><p>The shop is being built.</p></main>;
}
