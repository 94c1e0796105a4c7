const BalancesPage = () => null;

export default BalancesPage;
