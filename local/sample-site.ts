/**
 * A small business website served locally: the website of the demo assistant that `npm run dev` seeds,
 * and the site the crawler tests, the e2e journey and the benchmark read.
 *
 *   const site = await startFixtureSite({ pages: 30 });
 *   await crawlSite(site.url, { allowPrivateNetwork: true });   // site.url = 'http://127.0.0.1:PORT'
 *   site.pagePaths   // the 30 distinct HTML pages a full crawl keeps ('/', '/about', ...)
 *   site.requests    // every request's path + query, in arrival order
 *   await site.stop();
 *
 * "Maple & Rye Bakery" (Portland, Maine): home, about, team, menu, services, FAQ, contact, opening hours,
 * allergens, delivery, ... and blog posts to reach `pages` (default 30; the benchmark uses 100), each with
 * distinct text, all reachable from the navigation, the footer or the blog index. Also served, to test
 * the crawler's rules (`site.special` names them):
 * - /robots.txt disallowing /private/ (its page /private/staff-rota is linked but must never be fetched),
 *   and pointing at /sitemap.xml, a sitemap index of /sitemaps/pages.xml and a gzipped
 *   /sitemaps/blog.xml.gz (listing half of the blog; the other half is found through links);
 * - a redirect chain /old-menu -> /menu-2023 -> /menu; /order-online redirecting to another site;
 *   /redirect?to=URL, an unlinked open redirect for SSRF tests;
 * - non-pages: /files/menu.pdf, /images/storefront.jpg, and /downloads/price-list (a PDF without extension);
 * - /catalogue/wholesale-full, a 5 MB HTML page; /live/oven-cam, which sends headers and then hangs;
 * - duplicates (/index.html and /about?ref=footer repeat / and /about), a 404 link, a noindex page,
 *   trailing-slash, fragment and utm_ variants of linked pages, and a windows-1252 encoded page;
 * - responses compressed with gzip, deflate or br when the client accepts them.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';

export interface FixtureSiteOptions {
  /** Distinct HTML pages the site offers (min 5). Default 30. */
  pages?: number;
  /** Size of the very large page. Default 5 MB. */
  largePageBytes?: number;
  /** Delay before every response, to imitate a real server. Default 0. */
  latencyMs?: number;
  /**
   * Serve the page that never finishes (and link it from home). Default true. A crawl waits for it until
   * its per-page time limit, so a benchmark of crawl speed may turn it off.
   */
  hangingPage?: boolean;
  /** Port to listen on (127.0.0.1). Default: a free one. `npm run dev` uses a fixed port for its demo assistant. */
  port?: number;
}

export interface FixtureSite {
  /** Origin without trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Path and query of every request received, in order. */
  requests: string[];
  /** The distinct HTML pages (paths) a complete crawl should keep, home first. */
  pagePaths: string[];
  special: typeof special;
  stop(): Promise<void>;
}

const special = {
  robots: '/robots.txt',
  sitemapIndex: '/sitemap.xml',
  disallowed: '/private/staff-rota',
  redirectChain: ['/old-menu', '/menu-2023', '/menu'],
  offSiteRedirect: '/order-online',
  /** `/redirect?to=<absolute URL>` answers 302 to that URL. Not linked. */
  openRedirect: '/redirect',
  pdf: '/files/menu.pdf',
  image: '/images/storefront.jpg',
  pdfWithoutExtension: '/downloads/price-list',
  large: '/catalogue/wholesale-full',
  hanging: '/live/oven-cam',
  notFound: '/blog/2019/our-first-market-stall',
  noindex: '/thank-you',
  /** Same content as another page, under another address. */
  duplicates: { '/index.html': '/', '/about?ref=footer': '/about' } as Record<string, string>,
  /** Served in windows-1252; its text contains "Café crème". */
  windows1252: '/our-coffee',
} as const;

interface Page {
  path: string;
  title: string;
  description: string;
  body: string;
  /** Charset of the response (default utf-8). */
  charset?: string;
}

const business = {
  name: 'Maple & Rye Bakery',
  street: '218 Harbor Street',
  city: 'Portland, ME 04101',
  phone: '(207) 555-0143',
  email: 'hello@maple-and-rye.example',
};

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const p = (...sentences: string[]) => `<p>${esc(sentences.join(' '))}</p>`;
const list = (items: string[]) => `<ul>${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>`;
const qa = (question: string, answer: string) => `<h3>${esc(question)}</h3>${p(answer)}`;

// ---------------------------------------------------------------------------------------------------
// Hand-written pages
// ---------------------------------------------------------------------------------------------------

const corePages: Page[] = [
  {
    path: '/',
    title: `${business.name} | Sourdough, pastries and cakes in Portland`,
    description: 'Neighbourhood bakery on Harbor Street baking sourdough, croissants and celebration cakes every day.',
    body: `<h1>Fresh bread from Harbor Street since 2009</h1>
${p('Maple & Rye is a neighbourhood bakery in Portland, Maine. Every morning from four o\'clock our bakers shape naturally leavened loaves, laminate croissant dough by hand and fill the cases with pastries that are sold out by early afternoon.')}
${p('We bake with organic flour milled in Skowhegan, butter from a dairy cooperative in Maine and fruit from farms within sixty miles of the shop. Nothing we sell is baked from frozen dough.')}
<h2>What we bake</h2>
${list(['Country sourdough, seeded rye and a weekend baguette', 'Butter croissants, pain au chocolat and morning buns', 'Celebration cakes made to order', 'Gluten-free brownies and almond cakes baked on a separate day'])}
<h2>Visit us</h2>
${p('The shop is open Tuesday to Sunday. Come early on Saturdays for the cardamom knots. We also deliver bread to offices and cafés across Portland and South Portland.')}
<p><a href="/menu?utm_source=homepage">See today's menu</a>, <a href="/opening-hours">check our opening hours</a> or <a href="/services/custom-cakes">order a cake</a>.</p>
<p>Looking for the menu we printed last year? <a href="/old-menu">Old menu</a>. Watch the ovens: <a href="/live/oven-cam">live oven camera</a>. The same page as <a href="/index.html">classic home page</a>.</p>`,
  },
  {
    path: '/about',
    title: `About us | ${business.name}`,
    description: 'The story of Maple & Rye, founded by Clara and Tom Whitfield in 2009.',
    body: `<h1>About Maple &amp; Rye</h1>
${p('Clara and Tom Whitfield opened Maple & Rye in a former ship chandlery on Harbor Street in the spring of 2009. Clara had spent six years baking in Lyon and Copenhagen; Tom had run the kitchen of a fishing camp in Rangeley and wanted to cook for the town he grew up in.')}
${p('The first year the bakery sold forty loaves a day from a single deck oven. Today a team of fourteen bakes around nine hundred loaves and two thousand pastries each week, still by hand and still on Harbor Street.')}
<h2>What we care about</h2>
${list(['Long fermentation: most of our doughs rest between 18 and 36 hours.', 'Local grain: 80 percent of our flour is grown and milled in Maine.', 'No waste: unsold bread goes to the Preble Street food pantry every evening.'])}
<h2>Awards</h2>
${p('Maple & Rye was named Best Bakery in Greater Portland by the Portland Phoenix readers in 2017, 2019 and 2023, and our seeded rye won a gold medal at the Maine Grain Alliance Kneading Conference in 2021.')}
<p>Meet <a href="/team">the team</a>, read about <a href="/sustainability">how we reduce waste</a> or see <a href="/images/storefront.jpg">a photo of the storefront</a>.</p>`,
  },
  {
    path: '/team',
    title: `Our team | ${business.name}`,
    description: 'The bakers, pastry chefs and counter staff of Maple & Rye.',
    body: `<h1>The people behind the ovens</h1>
<h2>Clara Whitfield, head baker and co-owner</h2>
${p('Clara trained at the Institut Paul Bocuse and worked at Poilâne-inspired bakeries in Lyon before moving to Copenhagen, where she learned Danish rye baking. She still mixes the first sourdough batch every morning.')}
<h2>Tom Whitfield, co-owner and operations</h2>
${p('Tom looks after suppliers, wholesale accounts and the delivery van. If your office receives our bread on Monday mornings, Tom probably carried it in.')}
<h2>Priya Nair, pastry chef</h2>
${p('Priya leads the pastry team and designs our celebration cakes. She joined in 2016 from a patisserie in Boston and created the cardamom knot that now sells out every Saturday.')}
<h2>Marcus Bell, baking class instructor</h2>
${p('Marcus teaches our Saturday afternoon classes for beginners and runs the advanced sourdough workshop once a month.')}`,
  },
  {
    path: '/menu',
    title: `Menu and prices | ${business.name}`,
    description: 'Breads, pastries, cakes and coffee at Maple & Rye, with prices.',
    body: `<h1>Our menu</h1>
<h2>Breads</h2>
<table><tr><th>Bread</th><th>Price</th></tr>
<tr><td>Country sourdough (900 g)</td><td>$9.00</td></tr>
<tr><td>Seeded rye (800 g)</td><td>$10.00</td></tr>
<tr><td>Weekend baguette (Fri-Sun)</td><td>$4.50</td></tr>
<tr><td>Honey oat sandwich loaf</td><td>$8.00</td></tr></table>
<h2>Pastries</h2>
<table><tr><th>Pastry</th><th>Price</th></tr>
<tr><td>Butter croissant</td><td>$4.25</td></tr>
<tr><td>Pain au chocolat</td><td>$4.75</td></tr>
<tr><td>Cardamom knot (Saturdays)</td><td>$5.00</td></tr>
<tr><td>Blueberry morning bun</td><td>$5.25</td></tr></table>
<h2>Cakes by the slice</h2>
${p('Carrot cake with brown butter frosting, chocolate olive oil cake and a seasonal fruit tart are available every day from 11 am, $6.50 a slice.')}
<p>Download <a href="/files/menu.pdf">the printable menu (PDF)</a> or <a href="/downloads/price-list">the wholesale price list</a>.</p>`,
  },
  {
    path: '/services/custom-cakes',
    title: `Custom cakes | ${business.name}`,
    description: 'Birthday, wedding and celebration cakes made to order.',
    body: `<h1>Custom and celebration cakes</h1>
${p('Our pastry team bakes cakes for birthdays, weddings, graduations and retirements. Every cake is made to order with real butter, free-range eggs and fillings prepared in house.')}
<h2>How to order</h2>
${list(['Order at least five days ahead for cakes serving up to 30 people.', 'Wedding cakes need a tasting and at least six weeks of notice.', 'A 50 percent deposit confirms the order; the balance is due at pickup.'])}
<h2>Sizes and prices</h2>
${p('A 6-inch cake serves 8 to 10 people and starts at $48. An 8-inch cake serves 14 to 18 and starts at $68. A 10-inch two-layer cake serves up to 30 and starts at $110. Tiered cakes are priced by quote.')}
<h2>Flavours</h2>
${p('Vanilla bean with raspberry, dark chocolate with salted caramel, lemon with elderflower, carrot with brown butter frosting and a gluten-free almond and orange cake.')}`,
  },
  {
    path: '/services/catering',
    title: `Catering | ${business.name}`,
    description: 'Breakfast and lunch catering for offices and events in Portland.',
    body: `<h1>Catering for offices and events</h1>
${p('We cater breakfast meetings, office lunches and private events from ten to two hundred guests. Platters are delivered on reusable wooden boards that we collect the next day.')}
<h2>Breakfast platters</h2>
${p('The morning platter holds a dozen mixed pastries, sliced sourdough with cultured butter and jam, and seasonal fruit. It costs $72 and feeds ten to twelve people.')}
<h2>Lunch platters</h2>
${p('Sandwich platters on our own bread, with vegetarian and vegan options marked, cost $14 per person. Add a green salad for $4 per person and cookies for $2.50 each.')}
<h2>Ordering</h2>
${p('Catering orders need 48 hours of notice and a minimum of $120. Delivery within Portland is free for catering orders above $200.')}`,
  },
  {
    path: '/services/wholesale',
    title: `Wholesale bread | ${business.name}`,
    description: 'Daily bread and pastry deliveries for cafés, restaurants and shops.',
    body: `<h1>Wholesale</h1>
${p('Twenty-three cafés, restaurants and grocers in Portland serve our bread. We deliver six days a week before 7 am from our van, and we bake custom sizes for sandwich shops.')}
<h2>Becoming a wholesale customer</h2>
${p('Wholesale accounts need a minimum standing order of $150 a week. Orders can be changed until 2 pm the day before delivery. Invoices are sent weekly and payable within 14 days.')}
<p>Browse the <a href="/catalogue/wholesale-full">full wholesale catalogue</a> or <a href="/contact">contact Tom</a> to open an account.</p>`,
  },
  {
    path: '/services/baking-classes',
    title: `Baking classes | ${business.name}`,
    description: 'Hands-on bread and pastry classes on Saturday afternoons.',
    body: `<h1>Baking classes</h1>
${p('Learn to bake in our kitchen after the shop closes on Saturdays. Classes last three hours, take up to eight students and include all ingredients, an apron and everything you bake.')}
<h2>Upcoming classes</h2>
${list(['Sourdough for beginners: mixing, shaping and baking a country loaf ($95)', 'Croissants at home: lamination and proofing ($120)', 'Pies and tarts: all-butter crust and seasonal fillings ($85)', 'Advanced sourdough: high-hydration doughs and scoring ($130)'])}
${p('Gift vouchers for classes are available in the shop and online. Cancellations more than seven days ahead are refunded in full.')}`,
  },
  {
    path: '/faq',
    title: `Frequently asked questions | ${business.name}`,
    description: 'Answers about ordering, allergens, parking, delivery and payment at Maple & Rye.',
    body: `<h1>Frequently asked questions</h1>
<h2>Ordering</h2>
${qa('Can I reserve bread for pickup?', 'Yes. Call us or order online before 6 pm and your bread will be waiting at the counter the next day. Reserved loaves are held until 1 pm.')}
${qa('How far ahead should I order a birthday cake?', 'Five days for most cakes and six weeks for wedding cakes. In December we ask for ten days because the kitchen is busy with holiday orders.')}
${qa('Do you take large orders for events?', 'Yes, our catering service handles events from ten to two hundred guests with 48 hours of notice.')}
<h2>Food and allergies</h2>
${qa('Do you have gluten-free products?', 'We bake gluten-free brownies, almond cakes and a buckwheat loaf on Mondays in a thoroughly cleaned kitchen. Because we use wheat flour the rest of the week we cannot guarantee they are free of traces.')}
${qa('Are your products vegan?', 'Our country sourdough, seeded rye and baguette are vegan. Most pastries contain butter, eggs or milk; the vegan chocolate cookie and the olive oil cake are clearly labelled.')}
${qa('Do you use nuts?', 'Yes, almonds, hazelnuts, walnuts and pistachios are used in the kitchen every day. Ask the counter team about any item.')}
<h2>Visiting</h2>
${qa('Is there parking?', 'There is metered street parking on Harbor Street and free parking after 6 pm. The Fore Street garage is a four-minute walk away.')}
${qa('Is the shop wheelchair accessible?', 'Yes. The entrance has a ramp, the counter has a lowered section and our restroom is accessible.')}
${qa('Can I bring my dog?', 'Dogs are welcome on the patio, and there is a water bowl by the door. Only service animals may come inside.')}
<h2>Payment</h2>
${qa('Which payment methods do you accept?', 'We accept cash, all major credit cards, Apple Pay and Google Pay. Our gift cards can be used in the shop and for online orders.')}
<details><summary>Do you offer a loyalty card?</summary>${p('Yes: every tenth coffee or pastry is free with our stamp card, which you can pick up at the counter.')}</details>`,
  },
  {
    path: '/contact',
    title: `Contact | ${business.name}`,
    description: 'Address, phone number and email of Maple & Rye Bakery.',
    body: `<h1>Contact us</h1>
${p(`Maple & Rye Bakery, ${business.street}, ${business.city}.`)}
${p(`Phone: ${business.phone}. Email: ${business.email}. We answer emails within one working day.`)}
${p('For wholesale enquiries ask for Tom; for cakes and catering ask for Priya. For press and partnerships please email us with a short description of your project.')}
<form action="/thank-you" method="post"><label>Your message <textarea name="message"></textarea></label><button type="submit">Send</button></form>
<p>Ordering online? <a href="/order-online">Order for pickup</a>. Already wrote to us? <a href="/thank-you">Message confirmation</a>. Read <a href="/faq#visiting">how to find parking</a>.</p>`,
  },
  {
    path: '/opening-hours',
    title: `Opening hours | ${business.name}`,
    description: 'When Maple & Rye is open, including holiday hours.',
    body: `<h1>Opening hours</h1>
<table><tr><th>Day</th><th>Hours</th></tr>
<tr><td>Monday</td><td>Closed (gluten-free baking day)</td></tr>
<tr><td>Tuesday to Friday</td><td>7:00 am to 5:00 pm</td></tr>
<tr><td>Saturday</td><td>7:00 am to 4:00 pm</td></tr>
<tr><td>Sunday</td><td>8:00 am to 2:00 pm</td></tr></table>
<h2>Holiday hours</h2>
${p('We close on Thanksgiving Day, December 25 and 26, and January 1. On Christmas Eve and New Year\'s Eve we open from 7 am to noon for pre-ordered bread and cakes only.')}
${p('Our summer hours from July 1 to Labor Day add Monday mornings from 7 am to 1 pm.')}`,
  },
  {
    path: '/allergens',
    title: `Allergen information | ${business.name}`,
    description: 'Which allergens our breads, pastries and cakes contain.',
    body: `<h1>Allergen information</h1>
${p('Every product label in the shop lists the fourteen major allergens it contains. The table below summarises our everyday range; ask the counter team for the full ingredient sheet of any item.')}
<table><tr><th>Product</th><th>Contains</th></tr>
<tr><td>Country sourdough</td><td>Wheat</td></tr>
<tr><td>Seeded rye</td><td>Wheat, rye, sesame</td></tr>
<tr><td>Butter croissant</td><td>Wheat, milk, egg</td></tr>
<tr><td>Almond cake (gluten-free)</td><td>Almonds, egg, milk</td></tr>
<tr><td>Carrot cake</td><td>Wheat, egg, milk, walnuts</td></tr></table>
${p('Sesame seeds and tree nuts are handled in the same kitchen as all our products, so we cannot rule out cross-contact.')}`,
  },
  {
    path: '/delivery',
    title: `Delivery | ${business.name}`,
    description: 'Bread and cake delivery zones, times and fees.',
    body: `<h1>Delivery</h1>
${p('We deliver Tuesday to Saturday between 8 am and 2 pm in Portland, South Portland, Westbrook and Falmouth. Orders placed before 6 pm arrive the next day.')}
<h2>Fees</h2>
${list(['Portland peninsula: $6', 'South Portland and Westbrook: $9', 'Falmouth and Cape Elizabeth: $12', 'Free delivery on orders over $80'])}
${p('Cakes are delivered by our own van in a chilled box. Someone must be present to receive a cake; we cannot leave cakes at the door.')}`,
  },
  {
    path: '/gift-cards',
    title: `Gift cards | ${business.name}`,
    description: 'Maple & Rye gift cards for bread lovers.',
    body: `<h1>Gift cards</h1>
${p('Gift cards are available in the shop in any amount from $10 to $300, and as e-gift cards by email. They never expire and can be used for bread, pastries, cakes, classes and catering.')}
${p('Lost your gift card? If you bought it with a card or by email we can look it up and issue a replacement with the remaining balance.')}`,
  },
  {
    path: '/careers',
    title: `Careers | ${business.name}`,
    description: 'Jobs at Maple & Rye Bakery.',
    body: `<h1>Work with us</h1>
${p('We are hiring an early-morning bread baker (4 am to noon, four days a week) and a weekend counter assistant. No professional experience is needed for the counter; we train everyone in coffee and customer service.')}
${p('All staff receive paid time off, a free loaf every shift, a 30 percent discount and health insurance after ninety days. Send a short note about yourself to our email address.')}`,
  },
  {
    path: '/gallery',
    title: `Gallery | ${business.name}`,
    description: 'Photos of our breads, pastries and shop.',
    body: `<h1>Gallery</h1>
${p('A look inside the bakery: the deck oven Tom restored in 2012, the morning shaping table, and some of the wedding cakes Priya designed this year.')}
<p><a href="/images/storefront.jpg"><img src="/images/storefront.jpg" alt="The green storefront of Maple &amp; Rye on Harbor Street"></a></p>
${p('Photos by Jenna Ruiz, a Portland photographer and a regular customer since our first winter.')}`,
  },
  {
    path: '/privacy',
    title: `Privacy policy | ${business.name}`,
    description: 'How Maple & Rye handles your personal data.',
    body: `<h1>Privacy policy</h1>
${p('We collect your name, phone number and email address only to process orders, deliveries and class bookings. We never sell personal data and we do not use advertising trackers on this website.')}
${p('Card payments are processed by our payment provider; we do not store card numbers. You can ask us to delete your data at any time by email.')}`,
  },
  {
    path: '/reviews',
    title: `Reviews | ${business.name}`,
    description: 'What customers say about Maple & Rye.',
    body: `<h1>What our customers say</h1>
<blockquote>${p('The best croissant I have had outside Paris. Flaky, buttery and never greasy. - Dana, Portland')}</blockquote>
<blockquote>${p('They made our wedding cake with two weeks of notice and it was perfect: lemon and elderflower, three tiers. - Sam and Alex')}</blockquote>
<blockquote>${p('Our office orders the breakfast platter every Monday. Always on time and the boards are collected the next day. - Harbor Law Group')}</blockquote>`,
  },
  {
    path: '/sustainability',
    title: `Sustainability | ${business.name}`,
    description: 'How Maple & Rye reduces waste and supports local farms.',
    body: `<h1>Sustainability</h1>
${p('Unsold bread is donated to the Preble Street food pantry every evening, and bread that cannot be donated goes to a pig farm in Gorham. Our coffee grounds and eggshells are composted by Garbage to Garden.')}
${p('Since 2020 our ovens run on electricity from a community solar farm in Sanford, and our delivery van was replaced by an electric one in 2023. Customers who bring their own bag or cup get ten cents off.')}`,
  },
  {
    path: '/our-coffee',
    title: `Our coffee | ${business.name}`,
    description: 'Coffee and drinks at the Maple & Rye counter.',
    charset: 'windows-1252',
    body: `<h1>Coffee at the counter</h1>
${p('We pour coffee roasted by Tandem in Portland: a seasonal espresso blend and a single-origin filter that changes every month.')}
${p('Our Café crème is a long espresso with steamed milk, the way Clara drank it in Lyon. Try it with a crème brûlée tart on Fridays. Our chai is made by Señora Ibáñez from a family recipe with Sri Lankan cinnamon.')}`,
  },
  {
    path: '/blog',
    title: `Blog | ${business.name}`,
    description: 'Stories, recipes and news from the bakery.',
    body: '', // filled with the list of posts
  },
];

// ---------------------------------------------------------------------------------------------------
// Generated blog posts: topic x angle gives distinct, readable posts
// ---------------------------------------------------------------------------------------------------

interface Topic {
  slug: string;
  name: string;
  facts: [string, string, string];
}

const topics: Topic[] = [
  { slug: 'sourdough-starter', name: 'sourdough starter', facts: ['Our starter, named Ferdinand, was begun in 2008 from rye flour and well water.', 'We feed it twice a day at a ratio of one part starter to five parts flour and water.', 'A healthy starter doubles in four to six hours at 78 degrees.'] },
  { slug: 'croissant-lamination', name: 'croissant lamination', facts: ['Our croissant dough gets three single folds with a block of 84 percent butterfat butter.', 'The dough rests in the cold room for an hour between folds so the butter never melts.', 'A well-laminated croissant shows twenty-seven visible layers when cut.'] },
  { slug: 'rye-bread', name: 'rye bread', facts: ['Rye flour has little gluten, so rye doughs are mixed briefly and feel like clay.', 'Our seeded rye uses cracked rye soaked overnight with sunflower and flax seeds.', 'Dense rye loaves should rest a full day before slicing.'] },
  { slug: 'cinnamon-buns', name: 'cinnamon buns', facts: ['Our morning buns are rolled croissant dough filled with cinnamon sugar and orange zest.', 'They bake in muffin tins so the sugar caramelises at the bottom.', 'We make about three hundred every weekend.'] },
  { slug: 'baguettes', name: 'baguettes', facts: ['A French baguette by law contains only flour, water, salt and yeast.', 'Our weekend baguette uses a poolish made twelve hours in advance.', 'Scoring with five diagonal cuts lets the loaf open evenly in the oven.'] },
  { slug: 'focaccia', name: 'focaccia', facts: ['Focaccia dough is very wet, about 80 percent water to flour.', 'We dimple it with olive oil from a family grove in Puglia.', 'Toppings change with the season: rosemary in winter, cherry tomatoes in August.'] },
  { slug: 'wedding-cakes', name: 'wedding cakes', facts: ['A three-tier wedding cake for 100 guests takes about twenty hours of work.', 'Tiers are supported by wooden dowels so the cake can travel.', 'Tastings happen on Wednesday afternoons by appointment.'] },
  { slug: 'gluten-free-baking', name: 'gluten-free baking', facts: ['Gluten-free flours absorb water differently, so recipes need more eggs or psyllium.', 'We bake gluten-free items on Mondays after a full kitchen clean.', 'Almond flour gives moist cakes that keep well for three days.'] },
  { slug: 'fruit-tarts', name: 'seasonal fruit tarts', facts: ['Our tart shells are blind-baked with ceramic weights to stay crisp.', 'Maine blueberries arrive in late July and stay on the menu until September.', 'Apples from Cooper\'s farm fill our tarts from October to March.'] },
  { slug: 'stollen', name: 'holiday stollen', facts: ['Stollen is a German Christmas bread filled with dried fruit soaked in rum.', 'Ours has a rope of homemade marzipan through the middle.', 'Stollen improves for two weeks after baking as the flavours settle.'] },
  { slug: 'bagels', name: 'bagels', facts: ['Bagels are boiled for forty seconds before baking, which gives them a shiny chewy crust.', 'We add barley malt syrup to the boiling water.', 'Bagel dough is stiff, with only 55 percent water.'] },
  { slug: 'brioche', name: 'brioche', facts: ['Brioche dough contains almost as much butter as flour.', 'The butter is added slowly after the gluten has developed.', 'Our brioche buns are used by three burger restaurants in Portland.'] },
  { slug: 'shortbread', name: 'shortbread', facts: ['Traditional shortbread uses one part sugar, two parts butter and three parts flour.', 'We add a little rice flour for extra crunch.', 'Shortbread is baked low and slow so it stays pale.'] },
  { slug: 'pie-crust', name: 'pie crust', facts: ['Flaky pie crust depends on cold butter pieces the size of peas.', 'Vinegar in the dough keeps it tender.', 'We chill shaped crusts overnight before baking.'] },
  { slug: 'local-flour-mill', name: 'our local flour mill', facts: ['Our flour comes from Maine Grains in Skowhegan, a mill in a former county jail.', 'The stone mill keeps the germ, which gives the flour more flavour.', 'Fresh-milled flour is best used within three months.'] },
  { slug: 'coffee-pairing', name: 'coffee and pastry pairing', facts: ['A bright Ethiopian filter coffee goes well with fruit tarts.', 'Dark chocolate pastries suit a chocolatey Brazilian espresso.', 'Cardamom knots are lovely with a milky cortado.'] },
  { slug: 'kids-birthday-cakes', name: 'birthday cakes for children', facts: ['The most requested children\'s cake is chocolate with rainbow sprinkles.', 'We use natural colourings from beetroot, spirulina and turmeric.', 'Number-shaped cakes need seven days of notice.'] },
  { slug: 'vegan-pastries', name: 'vegan pastries', facts: ['Our vegan cookie uses coconut oil and aquafaba instead of butter and egg.', 'Vegan laminated dough is possible with a high-fat plant butter.', 'Plant milks with more protein, like soy, brown better in the oven.'] },
  { slug: 'bread-storage', name: 'storing bread', facts: ['Bread keeps best cut side down on a wooden board for two days.', 'The refrigerator makes bread stale faster than the counter.', 'Sliced sourdough freezes well for up to three months.'] },
  { slug: 'kneading', name: 'kneading dough', facts: ['Kneading develops gluten strands that trap gas from fermentation.', 'The windowpane test shows when dough is kneaded enough.', 'Stretch and folds during the first rise can replace most kneading.'] },
  { slug: 'oven-temperatures', name: 'oven temperatures', facts: ['Our deck oven bakes sourdough at 480 degrees with steam for the first fifteen minutes.', 'Home ovens often run 25 degrees hotter or cooler than the dial says.', 'A baking stone stores heat and gives a better bottom crust.'] },
  { slug: 'less-sugar', name: 'baking with less sugar', facts: ['Sugar does more than sweeten: it keeps cakes moist and helps browning.', 'We have cut the sugar in our muffins by a quarter since 2021.', 'Ripe bananas and dates add sweetness with more flavour.'] },
  { slug: 'pretzels', name: 'pretzels', facts: ['Pretzels get their dark crust from a quick dip in a food-grade lye solution.', 'Coarse pretzel salt does not melt in the oven.', 'We bake pretzels for Oktoberfest every September.'] },
  { slug: 'macarons', name: 'macarons', facts: ['Macarons are made with aged egg whites and finely ground almonds.', 'The shells rest for thirty minutes to form a skin before baking.', 'Our pistachio macaron uses pistachio paste from Sicily.'] },
];

interface Angle {
  title: (name: string) => string;
  intro: (name: string) => string;
  outro: (name: string) => string;
}

const angles: Angle[] = [
  { title: (n) => `A beginner's guide to ${n}`, intro: (n) => `Customers often ask us where to start with ${n}. Here is what our bakers tell new staff on their first week.`, outro: (n) => `Join one of our Saturday classes if you would like to practise ${n} with us.` },
  { title: (n) => `Behind the counter: ${n}`, intro: (n) => `This month we asked the early shift to explain how ${n} works in our kitchen.`, outro: (n) => `Come in on a weekday morning and ask the team about ${n}; they love to talk shop.` },
  { title: (n) => `Five mistakes to avoid with ${n}`, intro: (n) => `After fifteen years of baking we have made every mistake there is with ${n}. Learn from ours.`, outro: (n) => `If your first attempts at ${n} go wrong, bring a photo and we will help you work out why.` },
  { title: (n) => `The history of ${n}`, intro: (n) => `Every recipe has a past. We dug through old cookbooks at the Portland Public Library to trace the story of ${n}.`, outro: (n) => `History aside, the best way to understand ${n} is still to taste it fresh from the oven.` },
  { title: (n) => `What our customers ask about ${n}`, intro: (n) => `Questions about ${n} come up at the counter every week, so we collected the most common ones.`, outro: (n) => `Have another question about ${n}? Email us and we may answer it in a future post.` },
];

interface BlogPost extends Page {
  date: string;
}

function blogPosts(count: number): BlogPost[] {
  const posts: BlogPost[] = [];
  const newest = Date.UTC(2024, 10, 12);
  for (let index = 0; index < count; index += 1) {
    const topic = topics[index % topics.length] as Topic;
    const round = Math.floor(index / topics.length);
    const angle = angles[round % angles.length] as Angle;
    const part = round >= angles.length ? ` (part ${Math.floor(round / angles.length) + 1})` : '';
    const title = `${angle.title(topic.name)}${part}`;
    const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
    const date = new Date(newest - index * 7 * 86_400_000).toISOString().slice(0, 10);
    const [first, second, third] = topic.facts;
    posts.push({
      path: `/blog/${slug}`,
      title: `${title} | ${business.name}`,
      description: `${title}: notes from the bakers at Maple & Rye, published ${date}.`,
      date,
      body: `<article><h1>${esc(title)}</h1><p class="date">Published ${date} by the Maple &amp; Rye team</p>
${p(angle.intro(topic.name))}
<h2>What we have learned</h2>
${p(first, second)}
${p(third, `In post number ${index + 1} of our journal we keep it practical: measure by weight, write down what you changed, and taste as you go.`)}
${p(angle.outro(topic.name))}
${index === 3 ? `<p>This post first appeared on <a href="${special.notFound}">our old market stall blog</a>.</p>` : ''}
</article>`,
    });
  }
  return posts;
}

// ---------------------------------------------------------------------------------------------------
// HTML layout
// ---------------------------------------------------------------------------------------------------

function layout(page: Page): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="${page.charset ?? 'utf-8'}">
<title>${esc(page.title)}</title>
<meta name="description" content="${esc(page.description)}">
<meta property="og:site_name" content="${esc(business.name)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/assets/site.css">
<style>body{font-family:Georgia,serif;margin:0}nav a{margin-right:1em}</style>
<script>window.dataLayer=[];function track(){/* analytics placeholder: must never appear in text */}</script>
</head><body>
<header><a href="/" class="logo">${esc(business.name)}</a>
<nav><a href="/">Home</a><a href="/about">About</a><a href="/menu">Menu</a><a href="/services/custom-cakes">Cakes</a><a href="/services/catering/">Catering</a><a href="/services/wholesale">Wholesale</a><a href="/services/baking-classes">Classes</a><a href="/faq">FAQ</a><a href="/blog">Blog</a><a href="/contact#form">Contact</a></nav></header>
<main>${page.body}</main>
<footer><h2>Visit Maple &amp; Rye</h2>
<p>${esc(business.street)}, ${esc(business.city)} - ${esc(business.phone)}</p>
<p><a href="/opening-hours">Opening hours</a> | <a href="/allergens">Allergens</a> | <a href="/delivery">Delivery</a> | <a href="/gift-cards">Gift cards</a> | <a href="/careers">Careers</a> | <a href="/gallery">Gallery</a> | <a href="/reviews">Reviews</a> | <a href="/sustainability">Sustainability</a> | <a href="/our-coffee">Coffee</a> | <a href="/team">Team</a> | <a href="/privacy">Privacy</a> | <a href="/about?ref=footer">Our story</a> | <a href="${special.disallowed}">Staff area</a> | <a href="https://www.instagram.com/mapleandrye.example">Instagram</a> | <a href="mailto:${business.email}">Email</a> | <a href="tel:+12075550143">Call</a></p>
<script>track('footer')</script>
</footer></body></html>`;
}

function blogIndex(posts: BlogPost[]): string {
  const items = posts.map((post) => `<li><a href="${post.path}">${esc(post.title.split(' | ')[0] ?? post.title)}</a> (${post.date})</li>`);
  return `<h1>From the bakery journal</h1>
${p('Recipes, techniques and news from our kitchen. We publish a new post every week, usually on Thursday.')}
<ul>${items.join('')}</ul>`;
}

// ---------------------------------------------------------------------------------------------------
// Non-page resources
// ---------------------------------------------------------------------------------------------------

const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/MediaBox[0 0 612 792]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
// A 1x1 JPEG is not needed for the crawler; the bytes just have to look like an image.
const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

function sitemap(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `<url><loc>${origin}${path}</loc><changefreq>weekly</changefreq></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}

function sitemapIndex(origin: string, files: string[]): string {
  const entries = files.map((file) => `<sitemap><loc>${origin}${file}</loc><lastmod>2024-11-12</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>`;
}

// ---------------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------------

function compress(body: Buffer, acceptEncoding: string, turn: number): { body: Buffer; encoding?: string } {
  const accepted = acceptEncoding.toLowerCase();
  const choice = ['gzip', 'br', 'deflate', 'identity'][turn % 4] as string;
  if (choice === 'gzip' && accepted.includes('gzip')) return { body: zlib.gzipSync(body), encoding: 'gzip' };
  if (choice === 'br' && accepted.includes('br')) return { body: zlib.brotliCompressSync(body), encoding: 'br' };
  if (choice === 'deflate' && accepted.includes('deflate')) return { body: zlib.deflateSync(body), encoding: 'deflate' };
  return { body };
}

function streamLargePage(response: ServerResponse, totalBytes: number): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const row = '<tr><td>Country sourdough, 900 g, case of 12</td><td>$84.00</td><td>Delivered before 7 am</td></tr>\n';
  const chunk = Buffer.from(row.repeat(Math.ceil(65_536 / row.length)));
  let sent = 0;
  response.write('<!doctype html><html><head><title>Full wholesale catalogue</title></head><body><table>');
  const writeMore = () => {
    while (sent < totalBytes && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', writeMore);
        return;
      }
    }
    if (!response.destroyed) response.end('</table></body></html>');
  };
  writeMore();
}

/** Starts the site on 127.0.0.1 and a free port. */
export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const pageCount = Math.max(5, options.pages ?? 30);
  const largePageBytes = options.largePageBytes ?? 5 * 1024 * 1024;
  const latencyMs = options.latencyMs ?? 0;
  const hangingPage = options.hangingPage ?? true;

  const core = corePages.slice(0, Math.min(pageCount, corePages.length)).map((page) => ({ ...page }));
  const posts = blogPosts(Math.max(0, pageCount - core.length));
  const blog = core.find((page) => page.path === '/blog');
  if (blog) blog.body = blogIndex(posts);
  const home = core[0];
  if (home && !hangingPage) home.body = home.body.replace(/ Watch the ovens: <a href="[^"]+">live oven camera<\/a>\./, '');
  const pages = [...core, ...posts];
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const noindexPage: Page = {
    path: special.noindex,
    title: `Thank you | ${business.name}`,
    description: 'Message received.',
    body: `<h1>Thank you</h1>${p('We received your message and will answer within one working day.')}`,
  };

  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let turn = 0;
  let origin = '';

  const send = (request: IncomingMessage, response: ServerResponse, status: number, type: string, body: Buffer | string) => {
    const raw = typeof body === 'string' ? Buffer.from(body) : body;
    const compressible = /^(text\/|application\/xml)/.test(type);
    const encoded = compressible ? compress(raw, String(request.headers['accept-encoding'] ?? ''), turn++) : { body: raw };
    response.writeHead(status, {
      'content-type': type,
      'content-length': encoded.body.length,
      ...(encoded.encoding ? { 'content-encoding': encoded.encoding } : {}),
    });
    response.end(encoded.body);
  };
  const redirect = (response: ServerResponse, status: number, location: string) => {
    response.writeHead(status, { location });
    response.end();
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const half = Math.ceil(posts.length / 2);

    if (path === special.robots) {
      return send(request, response, 200, 'text/plain; charset=utf-8',
        `# Maple & Rye\nUser-agent: *\nDisallow: /private/\nDisallow: /cart\n\nUser-agent: BadBot\nDisallow: /\n\nSitemap: ${origin}${special.sitemapIndex}\n`);
    }
    if (path === special.sitemapIndex) {
      return send(request, response, 200, 'application/xml', sitemapIndex(origin, ['/sitemaps/pages.xml', '/sitemaps/blog.xml.gz']));
    }
    if (path === '/sitemaps/pages.xml') return send(request, response, 200, 'application/xml', sitemap(origin, core.map((pg) => pg.path)));
    if (path === '/sitemaps/blog.xml.gz') {
      const xml = sitemap(origin, posts.slice(0, half).map((post) => post.path));
      return send(request, response, 200, 'application/gzip', zlib.gzipSync(xml));
    }
    if (path === special.redirectChain[0]) return redirect(response, 301, special.redirectChain[1] as string);
    if (path === special.redirectChain[1]) return redirect(response, 302, special.redirectChain[2] as string);
    if (path === special.offSiteRedirect) return redirect(response, 302, 'https://orders.pos-provider.example/maple-and-rye');
    if (path === special.openRedirect) return redirect(response, 302, url.searchParams.get('to') ?? '/');
    if (path === special.pdf || path === special.pdfWithoutExtension) return send(request, response, 200, 'application/pdf', pdfBytes);
    if (path === special.image) return send(request, response, 200, 'image/jpeg', jpegBytes);
    if (path === special.large) return streamLargePage(response, largePageBytes);
    if (path === special.hanging && hangingPage) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write('<!doctype html><html><head><title>Live oven camera</title></head><body><p>Connecting');
      return; // never ends; stop() closes the socket
    }
    if (path === special.noindex) {
      return send(request, response, 200, 'text/html; charset=utf-8',
        layout(noindexPage).replace('<meta name="viewport"', '<meta name="robots" content="noindex, follow"><meta name="viewport"'));
    }
    const duplicateOf = special.duplicates[`${path}${url.search}`] ?? special.duplicates[path];
    const page = byPath.get(duplicateOf ?? path);
    if (page && request.method === 'GET') {
      const html = layout(page);
      const body = page.charset === 'windows-1252' ? Buffer.from(html, 'latin1') : Buffer.from(html);
      return send(request, response, 200, `text/html; charset=${page.charset ?? 'utf-8'}`, body);
    }
    return send(request, response, 404, 'text/html; charset=utf-8',
      layout({ path, title: `Page not found | ${business.name}`, description: '', body: '<h1>Page not found</h1>' }));
  };

  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '/');
    if (latencyMs > 0) setTimeout(() => handle(request, response), latencyMs);
    else handle(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    pagePaths: pages.map((page) => page.path),
    special,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
