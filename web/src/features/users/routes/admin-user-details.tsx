/** Spec 2: /dashboard/users/{id} is a placeholder reading 'UserDetails'. */
export default function AdminUserDetailsRoute() {
  return (
    <section className="page">
      <h1>UserDetails</h1>
    </section>
  );
}
