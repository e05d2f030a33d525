#include <iostream>
#include <set>
#include <string>

int main() {
    int n, total;
    std::cin >> n >> total;
    std::set<std::string> dishes;
    for (int i = 0; i < n; i++) {
        std::string dish;
        int price;
        std::cin >> dish >> price;
        dishes.insert(dish);
    }
    std::cout << dishes.size() << "\n";
}
