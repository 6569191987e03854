/**
 * Words for a business's own place: "your salon", "at the clinic" mean the business itself (the
 * offline answer leaves them out of what is asked), and "Store Address", "Clinic location" head its
 * address (fact-types.ts). One list for both, so a place named one way is read the same the other.
 */
export const BUSINESS_PLACE_WORDS = [
  'clinic', 'practice', 'surgery', 'hospital', 'salon', 'studio', 'shop', 'store', 'garage', 'restaurant', 'cafe', 'bar',
  'office', 'premises', 'hotel', 'guesthouse', 'workshop', 'gym', 'centre', 'center', 'place', 'building',
] as const;
