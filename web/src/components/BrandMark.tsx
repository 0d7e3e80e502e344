/**
 * The site's mark in the header: its logo (the mobile logo on small screens) with the site name as
 * the alternative text, or the name itself when there is no logo. Small means below Bootstrap's sm.
 */
export function BrandMark({ name, logo, mobileLogo }: { name: string; logo?: string; mobileLogo?: string }) {
  if (!logo && !mobileLogo) return <>{name}</>;
  if (!logo) {
    return (
      <>
        <img src={mobileLogo} alt={name} height={32} className="d-sm-none" />
        <span className="d-none d-sm-inline">{name}</span>
      </>
    );
  }
  return (
    <picture>
      {mobileLogo && <source media="(max-width: 575.98px)" srcSet={mobileLogo} />}
      <img src={logo} alt={name} height={32} />
    </picture>
  );
}
