/** Spec 001 /dashboard/deploy step 2: where each kind of site takes the code. */
export interface PlatformGuide {
  id: string;
  name: string;
  steps: readonly string[];
}

export const platformGuides: readonly PlatformGuide[] = [
  {
    id: 'wix',
    name: 'Wix',
    steps: [
      'Open your site’s dashboard and go to Settings, then Custom Code (under Advanced).',
      'Click “+ Add Custom Code” and paste the code.',
      'Name it (for example “Chat assistant”), choose “All pages” and place the code in “Body - end”.',
      'Click Apply, then publish your site.',
    ],
  },
  {
    id: 'wordpress',
    name: 'WordPress',
    steps: [
      'In your WordPress admin, install and activate a header and footer code plugin such as WPCode.',
      'Open Code Snippets, then Header & Footer.',
      'Paste the code into the Footer box and click Save Changes.',
      'No plugin? Paste it just before </body> in your theme’s footer.php (Appearance, Theme File Editor).',
    ],
  },
  {
    id: 'shopify',
    name: 'Shopify',
    steps: [
      'In your Shopify admin, go to Online Store, then Themes.',
      'Next to your current theme, click the “…” button, then Edit code.',
      'Open layout/theme.liquid and paste the code just before the closing </body> tag.',
      'Click Save. The assistant appears on every page of your store.',
    ],
  },
  {
    id: 'squarespace',
    name: 'Squarespace',
    steps: [
      'Open Settings, then Advanced (or Developer Tools), then Code Injection.',
      'Paste the code into the Footer field.',
      'Click Save. Code injection needs a Squarespace plan that includes it (Business or higher).',
    ],
  },
  {
    id: 'html',
    name: 'HTML Website',
    steps: [
      'Open the HTML file of each page (or the shared template or footer your pages use).',
      'Paste the code just before the closing </body> tag.',
      'Save and upload the files to your web server.',
    ],
  },
];
