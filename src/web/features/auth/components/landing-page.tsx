import { useRef } from "react";
import { AuthForm, type AuthFormHandle } from "./auth-form";
import {
  Claims,
  ClosingCta,
  Faq,
  FounderQuote,
  Hero,
  LandingFooter,
  LandingHeader,
  ParentsTrust,
} from "./landing-sections";

const FORM_ID = "get-started";

/** The signed-out screen at / (spec §2 "Landing and sign-in screen"): marketing around the sign-in form. */
export default function LandingPage() {
  const formRef = useRef<AuthFormHandle>(null);
  const startSignUp = () => formRef.current?.show("signup");

  return (
    <div className="min-h-screen bg-linear-to-b from-amber-50 via-orange-50 to-stone-50">
      <title>Lamplight · Bible adventures for ages 7-18</title>
      <LandingHeader formId={FORM_ID} onSignIn={() => formRef.current?.show("signin")} />
      <main className="flex flex-col gap-20">
        <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pt-4 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:items-start lg:pt-10">
          <Hero onStart={startSignUp} />
          <AuthForm id={FORM_ID} ref={formRef} />
        </div>
        <Claims />
        <Faq />
        <ParentsTrust />
        <FounderQuote />
        <ClosingCta onStart={startSignUp} />
      </main>
      <LandingFooter />
    </div>
  );
}
