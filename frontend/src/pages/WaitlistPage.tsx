import { WAITLIST_OFFER } from '@contracts/waitlist';
import { ArrowLeftIcon, BookOpenIcon, CalendarDaysIcon, CircleCheckIcon, GiftIcon, LoaderCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, useApi } from '@/lib/api';
import { joinWaitlist } from '@/lib/waitlist-api';

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

/** Spec 001 /waitlist: the offer's two parts. */
const OFFER = [
  { icon: CalendarDaysIcon, title: '100 Days Free', value: WAITLIST_OFFER.freeDaysValue },
  { icon: BookOpenIcon, title: 'Master Blueprint', value: WAITLIST_OFFER.blueprintValue },
] as const;

const EMPTY_FORM = { name: '', email: '', phone: '', instagram: '', promotions: false };

function OfferList() {
  return (
    <ul className="flex flex-col gap-3">
      {OFFER.map(({ icon: Icon, title, value }) => (
        <li key={title} className="flex items-center gap-3 rounded-lg border bg-background p-3">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {/* The comma joins the two halves into the spec's line ('100 Days Free, Worth £333') for screen readers. */}
          <span className="font-medium">
            {title}
            <span className="sr-only">, </span>
          </span>
          <span className="ml-auto text-sm text-muted-foreground">Worth {pounds(value)}</span>
        </li>
      ))}
      <li className="flex items-center justify-between px-3 font-semibold">
        <span>Total value</span>
        <span>{pounds(WAITLIST_OFFER.totalValue)}</span>
      </li>
    </ul>
  );
}

function SuccessView() {
  return (
    <Card className="w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <CircleCheckIcon className="mx-auto size-12 text-green-600" aria-hidden="true" />
        <CardTitle className="text-2xl">You&apos;re All Set!</CardTitle>
        <CardDescription>We&apos;ll notify you the moment your exclusive access is ready</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-left">
        <OfferList />
        <p className="text-center font-medium text-green-700">Yours completely FREE when we launch</p>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /waitlist (spec 001): the offer, the form, 'Securing your access...', then the success view. */
export default function WaitlistPage() {
  const api = useApi();
  const [form, setForm] = useState(EMPTY_FORM);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await joinWaitlist(api, {
        name: form.name,
        email: form.email,
        phone: form.phone || undefined,
        instagram_handle: form.instagram || undefined,
        agree_to_promotions: form.promotions,
      });
      setDone(true);
    } catch (failure) {
      // Spec 001: the form returns to editing; the server's reason (an invalid address...) is shown beside it.
      console.error('Waitlist sign-up failed:', failure);
      setError(errorMessage(failure, 'Could not sign you up. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (key: 'name' | 'email' | 'phone' | 'instagram') => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value })),
  });

  return (
    <div className="flex min-h-svh flex-col bg-linear-to-b from-primary/5 via-background to-background">
      <div className="px-4 py-4 sm:px-8">
        <Button asChild variant="ghost">
          <Link to="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pb-16">
        {done ? (
          <SuccessView />
        ) : (
          <Card className="w-full max-w-lg">
            <CardHeader className="items-center text-center">
              <GiftIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
              <CardTitle className="text-3xl">Claim Your Free Access</CardTitle>
              <CardDescription>Join the waitlist and get early access when we launch.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <OfferList />
              <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="waitlist-name">Full Name</Label>
                  <Input id="waitlist-name" autoComplete="name" required maxLength={120} {...field('name')} />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="waitlist-email">Email Address</Label>
                  <Input id="waitlist-email" type="email" autoComplete="email" required maxLength={254} {...field('email')} />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="waitlist-phone">Phone Number (optional)</Label>
                  <Input id="waitlist-phone" type="tel" autoComplete="tel" maxLength={32} {...field('phone')} />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="waitlist-instagram">Instagram Handle (optional)</Label>
                  <Input id="waitlist-instagram" placeholder="@yourbusiness" maxLength={31} {...field('instagram')} />
                </div>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-primary"
                    checked={form.promotions}
                    onChange={(event) => setForm((f) => ({ ...f, promotions: event.target.checked }))}
                  />
                  <span>I&apos;d like to receive updates about early access and future offers. You can unsubscribe at any time.</span>
                </label>
                {error && (
                  <p role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                )}
                <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
                  {submitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                  {submitting ? 'Securing your access...' : `Claim ${pounds(WAITLIST_OFFER.totalValue)} of Value`}
                </Button>
                <p className="text-center text-xs text-muted-foreground">100% free. No credit card required.</p>
              </form>
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
