const PricesPage = () => null;

export default PricesPage;
