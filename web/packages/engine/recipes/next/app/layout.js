// No favicon request (a 404 in the console, which fails the recipe).
export const metadata = { title: 'chess-wasm with Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
