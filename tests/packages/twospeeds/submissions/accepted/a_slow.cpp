// Right, but spins for about a quarter of a second of CPU first: named to
// come first, so only a measured choice passes it over as the reference.
#include <iostream>
#include <set>
#include <string>

int main() {
    volatile unsigned long spin = 0;
    for (unsigned long i = 0; i < 250000000UL; i++) spin += i;
    int n;
    std::cin >> n;
    std::set<std::string> dishes;
    for (int i = 0; i < n; i++) {
        std::string dish;
        std::cin >> dish;
        dishes.insert(dish);
    }
    std::cout << dishes.size() << "\n";
}
